/**
 * Keeps the exports list current for one sign-in: the live socket's `export` messages (progress,
 * completion, failure, deletion) change it in place; after a reconnect, an organisation switch or,
 * without the feed, every poll interval, it is loaded again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Export } from '@flare/core/schemas/export';
import type { LiveMessageOf, LiveSession } from '../../../live/live-registry';
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

export class ExportsSync implements LiveSession<ExportsMessageType> {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly options: { polling: boolean; pollMs: number },
  ) {}

  start(): void {
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<ExportsMessageType>[]): void {
    // Nothing loaded yet: the first load brings them.
    this.queryClient.setQueryData<Export[]>(EXPORTS_KEY, (list) => list && withExportChanges(list, batch));
  }

  catchUp(): void {
    void this.queryClient.invalidateQueries({ queryKey: EXPORTS_KEY });
  }

  setOrganization(): void {
    this.catchUp();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
