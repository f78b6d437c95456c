/** The bus the configuration asks for: NATS when a URL is given, otherwise in-process. */
import type { Bus, BusErrorHandler } from './bus';
import { InProcessBus } from './in-process-bus';
import { NatsBus } from './nats-bus';

export function createBus({
  natsUrl,
  onHandlerError,
}: {
  natsUrl?: string | undefined;
  onHandlerError?: BusErrorHandler;
}): Promise<Bus> {
  return natsUrl
    ? NatsBus.connect(natsUrl, { onHandlerError })
    : Promise.resolve(new InProcessBus(onHandlerError));
}
