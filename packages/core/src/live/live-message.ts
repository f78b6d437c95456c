/**
 * How a section declares a live-feed message: its `type` and fields, who may receive it beyond those
 * who watch the organisation's feed (which needs viewThings), and the key under which a later message
 * replaces an earlier one still waiting to be sent or applied (the feed coalesces per key).
 */
import { z } from 'zod';
import type { Access } from '../permissions/access';

export interface LiveMessageRules<M> {
  /** Only subscribers holding this access receive it (closures: viewClosures). */
  access?: Access;
  key(message: M): string;
}

export function liveMessage<const T extends string, const F extends z.ZodRawShape>(
  type: T,
  fields: F,
  rules: LiveMessageRules<z.infer<z.ZodObject<{ type: z.ZodLiteral<T> } & F>>>,
) {
  return { type, schema: z.object({ type: z.literal(type), ...fields }), ...rules };
}

export type LiveMessageDefinition = ReturnType<typeof liveMessage>;
