/** Keeps the closures query (list, detail, map) current for one sign-in, from `closure` messages. */
import type { QueryClient } from '@tanstack/react-query';
import type { ClosureList } from '@flare/core/schemas/closure';
import { QueryCacheSync } from '../../../live/query-cache-sync';
import { CLOSURES_KEY } from '../api/get-closures';
import { withChanges } from './with-changes';

export const CLOSURES_MESSAGE_TYPES = ['closure'] as const;
export type ClosuresMessageType = (typeof CLOSURES_MESSAGE_TYPES)[number];

export function createClosuresSync(
  queryClient: QueryClient,
  options: { polling: boolean; pollMs: number },
): QueryCacheSync<ClosureList, ClosuresMessageType> {
  return new QueryCacheSync({
    ...options,
    queryClient,
    queryKey: CLOSURES_KEY,
    withChanges: (list, batch) =>
      withChanges(
        list,
        batch.map((message) => message.closure),
      ),
  });
}
