/**
 * Keeps one query's cached answer (the closures, the exports) current for one sign-in: the live
 * socket's messages change it in place; after a reconnect, an organisation switch or, without the
 * feed (large organisations), every poll interval, it is loaded again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveMessageOf, LiveMessageType, LiveSession } from './live-registry';

export interface QueryCacheSyncOptions<D, M extends LiveMessageType> {
  queryClient: QueryClient;
  queryKey: QueryKey;
  /** The cached answer with one flush's messages applied. */
  withChanges: (data: D, batch: LiveMessageOf<M>[]) => D;
  polling: boolean;
  pollMs: number;
}

export class QueryCacheSync<D, M extends LiveMessageType> implements LiveSession<M> {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: QueryCacheSyncOptions<D, M>) {}

  start(): void {
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<M>[]): void {
    const { queryClient, queryKey, withChanges } = this.options;
    // Nothing loaded yet: the first load brings them.
    queryClient.setQueryData<D>(queryKey, (data) => data && withChanges(data, batch));
    // A load under way may answer from before these changes: it is started again.
    if (queryClient.isFetching({ queryKey }) > 0) this.catchUp();
  }

  catchUp(): void {
    void this.options.queryClient.invalidateQueries({ queryKey: this.options.queryKey });
  }

  /** The API answers for the session's organisation: loading afresh is enough. */
  setOrganization(): void {
    this.catchUp();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
