/**
 * Live-feed messages: what the server pushes inside ActionCable `{ identifier, message }` frames, and
 * what the web app parses each frame against. Each section declares its own (core `events/`, listed in
 * `events/section-feeds.ts`); this is their union and the rules read from their definitions.
 */
import { z } from 'zod';
import type { Access } from '../permissions/access';
import { LIVE_MESSAGE_DEFINITIONS } from '../events/section-feeds';
import type { TrackedState } from './live-message';

export const LIVE_CHANNEL = 'EventsChannel';
/** The sub-protocol a dashboard sends next to its access token. */
export const LIVE_SUBPROTOCOL = 'datapumper';

type Definition = (typeof LIVE_MESSAGE_DEFINITIONS)[number];

export const LiveMessageSchema = z.discriminatedUnion(
  'type',
  LIVE_MESSAGE_DEFINITIONS.map((definition) => definition.schema) as [
    Definition['schema'],
    ...Definition['schema'][],
  ],
);
export type LiveMessage = z.infer<typeof LiveMessageSchema>;

const DEFINITIONS = new Map(LIVE_MESSAGE_DEFINITIONS.map((definition) => [definition.type, definition]));

/**
 * What a subscriber must hold, beyond watching the organisation's feed (which needs viewThings), to
 * receive a message of the type (closures: viewClosures; exports: viewExports).
 */
export function liveMessageAccess(type: LiveMessage['type']): Access | undefined {
  return DEFINITIONS.get(type)?.access;
}

/**
 * Whether the message goes out at once rather than at the feed's next flush, given what was tracked
 * of its subject so far; and what to track of it now (merge it into the subject's state).
 */
export function liveMessageUrgency(
  message: LiveMessage,
  last: (subject: string) => TrackedState | undefined,
): { urgent: boolean; tracked: { subject: string; state: TrackedState } | null } {
  // The definition looked up by the message's type reads that type's messages (as in coalescingKey).
  const definition = DEFINITIONS.get(message.type)!;
  const tracked = definition.track?.(message as never) ?? null;
  const urgent = definition.urgent?.(message as never, tracked ? last(tracked.subject) : undefined) ?? false;
  return { urgent, tracked };
}

/** What the message is about: an alert goes out with what waits about the same subject (LiveMessageRules). */
export function liveMessageSubject(message: LiveMessage): string {
  const definition = DEFINITIONS.get(message.type)!;
  return definition.subject?.(message as never) ?? definition.key(message as never);
}

/** The messages about one asset. */
export type ThingLiveMessage = Extract<LiveMessage, { type: 'point' | 'thing' | 'heartbeat' }>;

/** The key under which messages coalesce: a later message with the same key replaces an earlier one. */
export function coalescingKey(message: LiveMessage): string {
  // The definition looked up by the message's type reads that type's messages (TypeScript cannot
  // follow the pairing through the lookup, hence the cast).
  return DEFINITIONS.get(message.type)!.key(message as never);
}
