/**
 * Keeps the closures query (list, detail, map) current for one sign-in: the live socket's `closure`
 * messages change it in place; after a reconnect, an organisation switch or, without the feed (large
 * organisations), every poll interval, it is loaded again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ClosureList } from '@flare/core/schemas/closure';
import type { LiveMessageOf, LiveSession } from '../../../live/live-registry';
import { CLOSURES_KEY } from '../api/get-closures';
import { withChanges } from './with-changes';

export const CLOSURES_MESSAGE_TYPES = ['closure'] as const;
export type ClosuresMessageType = (typeof CLOSURES_MESSAGE_TYPES)[number];

export interface ClosuresSyncOptions {
  polling: boolean;
  pollMs: number;
}

export class ClosuresSync implements LiveSession<ClosuresMessageType> {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly options: ClosuresSyncOptions,
  ) {}

  start(): void {
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<ClosuresMessageType>[]): void {
    const changed = batch.map((message) => message.closure);
    // Nothing loaded yet: the first load brings them.
    this.queryClient.setQueryData<ClosureList>(CLOSURES_KEY, (list) => list && withChanges(list, changed));
    // A load under way may answer from before these changes: it is started again.
    if (this.queryClient.isFetching({ queryKey: CLOSURES_KEY }) > 0) this.catchUp();
  }

  catchUp(): void {
    void this.queryClient.invalidateQueries({ queryKey: CLOSURES_KEY });
  }

  /** The closures API answers for the session's organisation: loading afresh is enough. */
  setOrganization(): void {
    this.catchUp();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
