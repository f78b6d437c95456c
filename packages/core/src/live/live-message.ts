/**
 * How a section declares a live-feed message: its `type` and fields, who may receive it beyond those
 * who watch the organisation's feed (which needs viewThings), and the key under which a later message
 * replaces an earlier one still waiting to be sent or applied (the feed coalesces per key), what it
 * is about, and whether it is an alert that goes out at once instead of waiting for the feed's next flush.
 */
import { z } from 'zod';
import type { Access } from '../permissions/access';

export interface LiveMessageRules<M> {
  /** Only subscribers holding this access receive it (closures: viewClosures). */
  access?: Access;
  key(message: M): string;
  /**
   * What the message is about (default: its key). An alert goes out together with whatever waits
   * about the same subject, so nothing about it arrives out of order; messages about other subjects
   * keep waiting for the flush (an asset's position does not need to overtake another's alarm).
   */
  subject?(message: M): string;
  /**
   * An alert a dispatcher must see at once: sent without waiting for the feed's next flush. `last`
   * is what `track` remembered of the message's subject from the feed's earlier messages (absent
   * when the feed has carried none since it started watching the organisation).
   */
  urgent?(message: M, last: TrackedState | undefined): boolean;
  /** What the feed remembers of the message's subject for the next `urgent` (an asset's status). */
  track?(message: M): { subject: string; state: TrackedState };
}

/** What the feed remembers of a subject: the latest value of each tracked field. */
export type TrackedState = Readonly<Record<string, string | boolean | null>>;

export function liveMessage<const T extends string, const F extends z.ZodRawShape>(
  type: T,
  fields: F,
  rules: LiveMessageRules<z.infer<z.ZodObject<{ type: z.ZodLiteral<T> } & F>>>,
) {
  return { type, schema: z.object({ type: z.literal(type), ...fields }), ...rules };
}

export type LiveMessageDefinition = ReturnType<typeof liveMessage>;
