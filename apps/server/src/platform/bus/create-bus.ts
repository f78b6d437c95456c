/**
 * The bus the configuration asks for: NATS when a URL is given (its client loads only then),
 * otherwise in-process.
 */
import type { Bus, BusErrorHandler } from './bus';
import { InProcessBus } from './in-process-bus';

export function createBus({
  natsUrl,
  onHandlerError,
}: {
  natsUrl?: string | undefined;
  onHandlerError?: BusErrorHandler;
}): Promise<Bus> {
  return natsUrl
    ? import('./nats-bus').then(({ NatsBus }) => NatsBus.connect(natsUrl, { onHandlerError }))
    : Promise.resolve(new InProcessBus(onHandlerError));
}
