/**
 * One dashboard's socket: authenticates it, answers its ActionCable commands one at a time, and holds
 * what is waiting to be sent to each of its subscriptions until the hub's next flush.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { Principal } from '../../platform/auth-hook';
import { socketText } from '../../platform/websockets';
import { frames, organizationOf, parseCommand, type DisconnectReason } from './live-protocol';

/** Beyond this many unsent bytes a client is slow: its messages keep coalescing instead of queueing. */
const MAX_BUFFERED_BYTES = 1 << 20;

/** What one socket (and one user) may hold; beyond it, subscriptions are rejected or the socket closed. */
export interface LiveLimits {
  subscriptionsPerSocket: number;
  /** Bytes of one subscription's identifier. */
  identifierBytes: number;
  socketsPerUser: number;
  /** Frames that are not a command the socket may send before it is closed. */
  badFrames: number;
}

export const LIVE_LIMITS: LiveLimits = {
  subscriptionsPerSocket: 5,
  identifierBytes: 256,
  socketsPerUser: 10,
  badFrames: 20,
};

export interface LiveSubscription {
  readonly connection: LiveConnection;
  /** Verbatim as the client sent it: the consumer routes frames by comparing this string. */
  readonly identifier: string;
  readonly organizationId: string;
  /** The subscriber's, for the messages only some may receive (core's liveMessageAccess). */
  readonly permissions: readonly string[];
  /** Coalescing key -> the latest message under that key, already serialised, and its subject. */
  readonly pending: Map<string, PendingMessage>;
}

export interface PendingMessage {
  /** core's liveMessageSubject: an alert takes along what waits about the same subject. */
  readonly subject: string;
  readonly json: string;
}

/**
 * The socket's TCP connection, held back while a flush writes its frames: they then leave in one
 * write (one system call) instead of one each, which was a third of a busy server's time.
 */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** What a connection needs from the hub. */
export interface ConnectionHost {
  readonly limits: LiveLimits;
  /** Whether the user may open one more socket (false: too many already). */
  admit(connection: LiveConnection, principal: Principal): boolean;
  canSubscribe(principal: Principal, organizationId: string): Promise<boolean>;
  /** Starts routing the organisation's messages to the subscription; resolves once they flow. */
  watch(subscription: LiveSubscription): Promise<void>;
  unwatch(subscription: LiveSubscription): void;
  connected(connection: LiveConnection): void;
  disconnected(connection: LiveConnection): void;
}

export class LiveConnection {
  readonly subscriptions = new Map<string, LiveSubscription>();
  private principal: Principal | null = null;
  private closed = false;
  private badFrames = 0;
  /** Commands run in order, and only after authentication, so no two can race on the same subscription. */
  private work: Promise<void>;

  constructor(
    private readonly socket: WebSocket,
    private readonly transport: Corkable,
    authenticate: () => Promise<Principal | null>,
    private readonly host: ConnectionHost,
    private readonly log: FastifyBaseLogger,
  ) {
    // Listen before the first await: a command may arrive while authentication is still running.
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? null : socketText(data);
      this.work = this.work.then(() => this.onCommand(text)).catch((error: unknown) => this.failed(error));
    });
    socket.on('close', () => this.onClose());
    this.work = this.start(authenticate).catch((error: unknown) => this.failed(error));
  }

  /** The signed-in user, once authenticated. */
  get userId(): string | null {
    return this.principal?.userId ?? null;
  }

  send(frame: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  /** Sends each subscription's pending messages as separate frames, then forgets them. */
  flush(): void {
    if (this.subscriptions.size === 0) return;
    this.transport.cork();
    try {
      for (const subscription of this.subscriptions.values()) this.flushSubscription(subscription);
    } finally {
      this.transport.uncork();
    }
  }

  /**
   * Sends the subscription's pending messages now, in order: all of them, or (for an alert) those
   * about `subject`, so that an alert neither waits for the flush nor takes along the positions of
   * every other asset (under frequent alerts that would defeat the coalescing altogether).
   */
  flushSubscription(subscription: LiveSubscription, subject?: string): void {
    if (subscription.pending.size === 0) return;
    if (this.socket.readyState !== WebSocket.OPEN || this.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    // The identifier is JSON-encoded once per flush, the message once per server (by the hub).
    const head = `{"identifier":${JSON.stringify(subscription.identifier)},"message":`;
    this.transport.cork();
    try {
      for (const [key, message] of subscription.pending) {
        if (subject !== undefined && message.subject !== subject) continue;
        this.socket.send(`${head}${message.json}}`);
        subscription.pending.delete(key);
      }
    } finally {
      this.transport.uncork();
    }
  }

  /**
   * Ends the connection from the server's side: on shutdown ("server_restart": the client reconnects)
   * or when its session has ended ("unauthorized": it does not).
   */
  close(reason: DisconnectReason): void {
    const reconnect = reason === 'server_restart';
    this.send(frames.disconnect(reason, reconnect));
    if (reconnect) this.socket.close(1001);
    else this.socket.close(1008, reason);
    this.onClose();
  }

  /** Closes the connection as unauthorized once its session is no longer open. */
  async checkSession(sessionOpen: (principal: Principal) => Promise<boolean>): Promise<void> {
    const principal = this.principal;
    if (this.closed || !principal) return;
    let open: boolean;
    try {
      open = await sessionOpen(principal);
    } catch (error) {
      // Not the client's fault: keep serving it and check again next time.
      this.log.error({ err: error }, 'live feed: session check failed');
      return;
    }
    if (!open && !this.closed) this.close('unauthorized');
  }

  private async start(authenticate: () => Promise<Principal | null>): Promise<void> {
    let principal: Principal | null;
    try {
      principal = await authenticate();
    } catch (error) {
      // Not the client's fault: no "unauthorized" (that would stop its reconnects); let it retry.
      this.log.error({ err: error }, 'live feed: authentication failed');
      this.socket.close(1011);
      return;
    }
    if (this.closed) return;
    if (!principal) {
      this.send(frames.disconnect('unauthorized', false));
      this.socket.close(1008, 'unauthorized');
      return;
    }
    this.principal = principal;
    if (!this.host.admit(this, principal)) {
      this.close('too_many_connections');
      return;
    }
    this.host.connected(this);
    this.send(frames.welcome());
  }

  private async onCommand(text: string | null): Promise<void> {
    const principal = this.principal;
    if (this.closed || !principal) return;
    const command = text === null ? null : parseCommand(text);
    if (!command) {
      this.log.debug({ frame: text?.slice(0, 200) }, 'live feed: ignored a malformed command');
      if (++this.badFrames > this.host.limits.badFrames) this.close('protocol_error');
      return;
    }
    switch (command.command) {
      case 'subscribe':
        return this.subscribe(principal, command.identifier);
      case 'unsubscribe':
        return this.unsubscribe(command.identifier);
      case 'message':
        // The events channel has no actions to perform.
        this.log.debug({ identifier: command.identifier }, 'live feed: ignored a channel action');
        return;
    }
  }

  private async subscribe(principal: Principal, identifier: string): Promise<void> {
    if (this.subscriptions.has(identifier)) {
      // The consumer re-sends subscribe until confirmed; answering again is harmless and ends that.
      this.send(frames.confirm(identifier));
      return;
    }
    const { limits } = this.host;
    if (
      Buffer.byteLength(identifier) > limits.identifierBytes ||
      this.subscriptions.size >= limits.subscriptionsPerSocket
    ) {
      this.send(frames.reject(identifier.slice(0, limits.identifierBytes)));
      return;
    }
    const organizationId = organizationOf(identifier);
    let allowed = false;
    if (organizationId !== null) {
      try {
        allowed = await this.host.canSubscribe(principal, organizationId);
      } catch (error) {
        this.log.error({ err: error, organizationId }, 'live feed: access check failed');
      }
    }
    if (this.closed) return;
    if (!allowed || organizationId === null) {
      this.send(frames.reject(identifier));
      return;
    }
    const subscription: LiveSubscription = {
      connection: this,
      identifier,
      organizationId,
      permissions: principal.permissions,
      pending: new Map(),
    };
    this.subscriptions.set(identifier, subscription);
    try {
      await this.host.watch(subscription);
    } catch (error) {
      this.log.error({ err: error, organizationId }, 'live feed: bus subscription failed');
      this.unsubscribe(identifier);
      this.send(frames.reject(identifier));
      return;
    }
    // Confirmed only once messages flow, so everything published after the confirmation arrives.
    this.send(frames.confirm(identifier));
  }

  private unsubscribe(identifier: string): void {
    const subscription = this.subscriptions.get(identifier);
    if (!subscription) return;
    this.subscriptions.delete(identifier);
    this.host.unwatch(subscription);
  }

  /** A bug, not a client error: log it and keep serving the connection's later commands. */
  private failed(error: unknown): void {
    this.log.error({ err: error }, 'live feed: command failed');
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const identifier of [...this.subscriptions.keys()]) this.unsubscribe(identifier);
    this.host.disconnected(this);
  }
}
