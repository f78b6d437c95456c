/**
 * The live hub: carries live messages to the dashboards subscribed to their organisation. A message
 * is an `org.live` event keyed by organisation, so every server process delivers it to its own
 * sockets. Each server watches an organisation's messages only while one of its clients watches that
 * organisation, and coalesces per client: within a flush interval only the latest message per
 * coalescing key (per asset and message type) is sent. Alerts (core's liveMessageUrgency: incidents,
 * closures, an asset turning On-Scene, Responding or Offline, Out-of-Service, or raising an alarm) go
 * out at once, with what was waiting about the same subject (core's liveMessageSubject: the asset);
 * the rest keeps waiting for the flush. Messages that need more than watching the feed
 * (closures: core's liveMessageAccess) go only to the subscribers who hold it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { TrackedState } from '@flare/core/live/live-message';
import {
  coalescingKey,
  liveMessageAccess,
  liveMessageSubject,
  liveMessageUrgency,
  type LiveMessage,
} from '@flare/core/live/messages';
import { can } from '@flare/core/permissions/access';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import {
  LiveConnection,
  type ConnectionHost,
  type Corkable,
  type LiveLimits,
  type LiveSubscription,
} from './live-connection';
import { frames } from './live-protocol';

export interface LiveHub {
  /** Sends the message to every dashboard, on any server, subscribed to one of the organisations. */
  publish(organizationIds: readonly string[], message: LiveMessage): Promise<void>;
  /** Checks the sessions of the user's sockets on this server now, closing those that have ended. */
  recheckSessionsOf(userId: string): Promise<void>;
  /** Authenticated sockets open on this server. */
  connectedClients(): number;
  /** Disconnects every client and stops watching organisations; the event bus itself stays open. */
  close(): Promise<void>;
}

export interface LiveHubOptions {
  events: EventBus;
  canSubscribe: (principal: Principal, organizationId: string) => Promise<boolean>;
  sessionOpen: (principal: Principal) => Promise<boolean>;
  flushIntervalMs: number;
  pingIntervalMs: number;
  sessionCheckIntervalMs: number;
  limits: LiveLimits;
  log: FastifyBaseLogger;
}

/**
 * Connections are flushed in this many groups, one group every such fraction of the flush interval:
 * each connection still waits one interval between flushes, but no turn of the event loop writes to
 * every socket (at 10,000 dashboards one flush of them all took up to 850 ms, and reports, their
 * acknowledgements and alerts waited behind it).
 */
const FLUSH_GROUPS = 10;

/** Organisation ids key `org.live` events, so they must not contain separators or wildcards. */
const ORGANIZATION_TOKEN = /^[A-Za-z0-9_-]+$/;

export class SocketLiveHub implements LiveHub, ConnectionHost {
  private readonly connections = new Set<LiveConnection>();
  private readonly flushGroups = Array.from({ length: FLUSH_GROUPS }, () => new Set<LiveConnection>());
  private flushTurn = 0;
  /** user id -> their connections on this server (the per-user limit, their session checks). */
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  /** organisation id -> the subscriptions watching it on this server. */
  private readonly watchers = new Map<string, Set<LiveSubscription>>();
  /** organisation id -> what the feed tracks of its subjects (assets' statuses), for alerts. */
  private readonly tracked = new Map<string, Map<string, TrackedState>>();
  /** organisation id -> this server's handler of its messages (resolves to the stop function). */
  private readonly orgHandlers = new Map<string, Promise<() => Promise<void>>>();
  private readonly timers: NodeJS.Timeout[];
  private checkingSessions = false;
  private closed = false;

  constructor(private readonly options: LiveHubOptions) {
    // One timer each for all clients, not one per client; unref so they never keep a process alive.
    this.timers = [
      setInterval(() => this.flush(), options.flushIntervalMs / FLUSH_GROUPS).unref(),
      setInterval(() => this.ping(), options.pingIntervalMs).unref(),
      setInterval(() => void this.checkSessions(), options.sessionCheckIntervalMs).unref(),
    ];
  }

  async publish(organizationIds: readonly string[], message: LiveMessage): Promise<void> {
    const organizations = [...new Set(organizationIds)].filter((id) => ORGANIZATION_TOKEN.test(id));
    await Promise.all(organizations.map((id) => this.options.events.emit('org.live', message, id)));
  }

  async recheckSessionsOf(userId: string): Promise<void> {
    const theirs = [...(this.byUser.get(userId) ?? [])];
    await Promise.all(theirs.map((connection) => connection.checkSession(this.options.sessionOpen)));
  }

  connectedClients(): number {
    return this.connections.size;
  }

  /**
   * Takes over a new socket (`transport`: its TCP connection); `authenticate` resolves its principal,
   * or null to refuse it.
   */
  accept(
    socket: WebSocket,
    transport: Corkable,
    authenticate: () => Promise<Principal | null>,
    log: FastifyBaseLogger,
  ): void {
    if (this.closed) {
      socket.close(1001);
      return;
    }
    new LiveConnection(socket, transport, authenticate, this, log);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.timers.forEach(clearInterval);
    // Take the handlers first, so that closing the connections below does not also end them.
    const pending = [...this.orgHandlers.values()];
    this.orgHandlers.clear();
    this.watchers.clear();
    for (const connection of [...this.connections]) connection.close('server_restart');
    await Promise.allSettled(pending.map(async (subscribed) => (await subscribed)()));
  }

  // ConnectionHost: called by the connections.

  canSubscribe(principal: Principal, organizationId: string): Promise<boolean> {
    // The feed carries assets' positions and states: only for those who may view assets.
    return can(principal.permissions, 'viewThings') && ORGANIZATION_TOKEN.test(organizationId)
      ? this.options.canSubscribe(principal, organizationId)
      : Promise.resolve(false);
  }

  get limits(): LiveLimits {
    return this.options.limits;
  }

  admit(connection: LiveConnection, principal: Principal): boolean {
    const theirs = this.byUser.get(principal.userId);
    const open = (theirs?.size ?? 0) - (theirs?.has(connection) ? 1 : 0);
    return open < this.options.limits.socketsPerUser;
  }

  connected(connection: LiveConnection): void {
    if (this.closed) {
      connection.close('server_restart');
      return;
    }
    this.connections.add(connection);
    const smallest = this.flushGroups.reduce((a, b) => (b.size < a.size ? b : a));
    smallest.add(connection);
    const userId = connection.userId;
    if (userId === null) return;
    let theirs = this.byUser.get(userId);
    if (!theirs) this.byUser.set(userId, (theirs = new Set()));
    theirs.add(connection);
  }

  disconnected(connection: LiveConnection): void {
    this.connections.delete(connection);
    for (const group of this.flushGroups) group.delete(connection);
    const userId = connection.userId;
    const theirs = userId === null ? undefined : this.byUser.get(userId);
    if (theirs?.delete(connection) && theirs.size === 0) this.byUser.delete(userId!);
  }

  async watch(subscription: LiveSubscription): Promise<void> {
    if (this.closed) throw new Error('live hub closed');
    const { organizationId } = subscription;
    let watching = this.watchers.get(organizationId);
    if (!watching) this.watchers.set(organizationId, (watching = new Set()));
    watching.add(subscription);
    let subscribed = this.orgHandlers.get(organizationId);
    if (!subscribed) {
      subscribed = this.options.events.on('org.live', (message) => this.receive(organizationId, message), {
        key: organizationId,
      });
      this.orgHandlers.set(organizationId, subscribed);
      // A failed subscription must not stay cached: the next watcher tries again.
      subscribed.catch(() => {
        if (this.orgHandlers.get(organizationId) === subscribed) this.orgHandlers.delete(organizationId);
      });
    }
    await subscribed;
  }

  unwatch(subscription: LiveSubscription): void {
    const { organizationId } = subscription;
    const watching = this.watchers.get(organizationId);
    if (!watching?.delete(subscription) || watching.size > 0) return;
    this.watchers.delete(organizationId);
    this.tracked.delete(organizationId);
    const subscribed = this.orgHandlers.get(organizationId);
    this.orgHandlers.delete(organizationId);
    // If a new watcher subscribes again meanwhile, both handlers may deliver for a moment:
    // harmless, the duplicate lands under the same coalescing key (at worst one repeated frame).
    subscribed
      ?.then((unsubscribe) => unsubscribe())
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, organizationId }, 'live feed: unsubscribe failed'),
      );
  }

  // Delivery.

  private receive(organizationId: string, message: LiveMessage): void {
    const watching = this.watchers.get(organizationId);
    if (!watching || watching.size === 0) return;
    const key = coalescingKey(message);
    const access = liveMessageAccess(message.type);
    const urgent = this.urgent(organizationId, message);
    // Serialised once here, not once per client.
    const entry = { subject: liveMessageSubject(message), json: JSON.stringify(message) };
    for (const subscription of watching) {
      if (access && !can(subscription.permissions, access)) continue;
      // Delete first so the frame goes out in the order of its latest update.
      subscription.pending.delete(key);
      subscription.pending.set(key, entry);
      if (urgent) subscription.connection.flushSubscription(subscription, entry.subject);
    }
  }

  /** Whether the message is an alert, remembering what it tells of its subject for the next one. */
  private urgent(organizationId: string, message: LiveMessage): boolean {
    let tracked = this.tracked.get(organizationId);
    const { urgent, tracked: now } = liveMessageUrgency(message, (subject) => tracked?.get(subject));
    if (now) {
      if (!tracked) this.tracked.set(organizationId, (tracked = new Map<string, TrackedState>()));
      tracked.set(now.subject, { ...tracked.get(now.subject), ...now.state });
    }
    return urgent;
  }

  private flush(): void {
    const group = this.flushGroups[this.flushTurn++ % FLUSH_GROUPS]!;
    for (const connection of group) connection.flush();
  }

  private ping(): void {
    const frame = frames.ping();
    for (const connection of this.connections) connection.send(frame);
  }

  /** Closes the sockets whose session has ended; one round at a time. */
  private async checkSessions(): Promise<void> {
    if (this.checkingSessions) return;
    this.checkingSessions = true;
    try {
      const sessionOpen = this.options.sessionOpen;
      await Promise.all([...this.connections].map((connection) => connection.checkSession(sessionOpen)));
    } catch (error) {
      this.options.log.error({ err: error }, 'live feed: session checks failed');
    } finally {
      this.checkingSessions = false;
    }
  }
}
