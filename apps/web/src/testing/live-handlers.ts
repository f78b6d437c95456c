/** Live handlers for tests of the live transport. */
import type { LiveMessage } from '@flare/core/live/messages';
import type { LiveContext, LiveHandler, LiveMessageType } from '../live/live-registry';

/** A handler that records what its sessions are told. */
export function recordingHandler<T extends LiveMessageType>(types: T[]) {
  const log: { started: LiveContext[]; batches: LiveMessage[][]; calls: string[] } = {
    started: [],
    batches: [],
    calls: [],
  };
  const handler: LiveHandler<T> = {
    types,
    start(context) {
      log.started.push(context);
      return {
        apply: (batch) => log.batches.push(batch),
        catchUp: () => log.calls.push('catchUp'),
        setOrganization: (organizationId) => log.calls.push(`setOrganization ${organizationId}`),
        stop: () => log.calls.push('stop'),
      };
    },
  };
  return { handler, log };
}
