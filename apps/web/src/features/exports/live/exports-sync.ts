/**
 * Keeps the exports list current for one sign-in, from `export` messages (progress, completion,
 * failure, deletion).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Export } from '@flare/core/schemas/export';
import type { LiveMessageOf } from '../../../live/live-registry';
import { QueryCacheSync } from '../../../live/query-cache-sync';
import { EXPORTS_KEY } from '../api/get-exports';

export const EXPORTS_MESSAGE_TYPES = ['export'] as const;
export type ExportsMessageType = (typeof EXPORTS_MESSAGE_TYPES)[number];

/** The list with the messages applied: changed exports replaced, new ones first, deleted ones dropped. */
export function withExportChanges(list: Export[], batch: LiveMessageOf<ExportsMessageType>[]): Export[] {
  let next = list;
  for (const message of batch) {
    const rest = next.filter((e) => e.id !== message.export.id);
    if (message.is_deleted) next = rest;
    else if (rest.length < next.length)
      next = next.map((e) => (e.id === message.export.id ? message.export : e));
    else next = [message.export, ...next];
  }
  return next;
}

export function createExportsSync(
  queryClient: QueryClient,
  options: { polling: boolean; pollMs: number },
): QueryCacheSync<Export[], ExportsMessageType> {
  return new QueryCacheSync({
    ...options,
    queryClient,
    queryKey: EXPORTS_KEY,
    withChanges: withExportChanges,
  });
}
