/**
 * Who handles which live messages. Features register a handler for the message types they apply,
 * with how they load and keep their data; the live socket starts them for the signed-in organisation
 * and hands each flush's batch to the handlers of those types. The app does the registering: shared
 * code may not import features, so this module knows none of them.
 */
import type { LiveMessage } from '@flare/core/live/messages';
import { can, type Access } from '@flare/core/permissions/access';

export type LiveMessageType = LiveMessage['type'];
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveMessage, { type: T }>;

export interface LiveContext {
  organizationId: string;
  /** Large organisations get no live feed: each feature polls its own API instead. */
  polling: boolean;
}

/** A feature's live data for one sign-in: loaded when started, kept current until stopped. */
export interface LiveSession<T extends LiveMessageType> {
  /** One flush's messages of the handler's types (the latest per coalescing key), in arrival order. */
  apply(batch: LiveMessageOf<T>[]): void;
  /** The feed is back after a drop: fetch what changed while it was away. */
  catchUp(): void;
  /** The user now works in another organisation: load its data afresh. */
  setOrganization(organizationId: string): void;
  /** The feed is over (signed out, no longer allowed): stop loading and forget the data. */
  stop(): void;
}

export interface LiveHandler<T extends LiveMessageType = LiveMessageType> {
  readonly types: readonly T[];
  /** Started only for users who hold this access (core `can`); absent: for every user. */
  readonly access?: Access;
  /** Loads the organisation's data (and polls it when `context.polling`). */
  start(context: LiveContext): LiveSession<T>;
}

/** Every registered handler's session for one sign-in, driven as one. */
export interface LiveSessions {
  /** Hands each session the messages of its types; types nobody handles are dropped. */
  dispatch(batch: readonly LiveMessage[]): void;
  catchUp(): void;
  setOrganization(organizationId: string): void;
  stop(): void;
}

export class LiveRegistry {
  private readonly starters: Array<
    (context: LiveContext, permissions: readonly string[]) => LiveSessions | null
  > = [];

  /** Register before the live socket starts: sessions are made when it starts. */
  register<T extends LiveMessageType>(handler: LiveHandler<T>): void {
    const types = new Set<LiveMessageType>(handler.types);
    const handles = (message: LiveMessage): message is LiveMessageOf<T> => types.has(message.type);
    this.starters.push((context, permissions) => {
      if (handler.access && !can(permissions, handler.access)) return null;
      const session = handler.start(context);
      return {
        dispatch(batch) {
          const handled = batch.filter(handles);
          if (handled.length > 0) session.apply(handled);
        },
        catchUp: () => session.catchUp(),
        setOrganization: (organizationId) => session.setOrganization(organizationId),
        stop: () => session.stop(),
      };
    });
  }

  /** Starts the handlers the user's permissions allow. */
  start(context: LiveContext, permissions: readonly string[]): LiveSessions {
    const sessions = this.starters
      .map((start) => start(context, permissions))
      .filter((session) => session !== null);
    return {
      dispatch: (batch) => sessions.forEach((session) => session.dispatch(batch)),
      catchUp: () => sessions.forEach((session) => session.catchUp()),
      setOrganization: (organizationId) =>
        sessions.forEach((session) => session.setOrganization(organizationId)),
      stop: () => sessions.forEach((session) => session.stop()),
    };
  }
}
