// The package ships no types (and @types/rails__actioncable is not installed): the part the tests use.
declare module '@rails/actioncable' {
  export interface SubscriptionMixin {
    initialized?(): void;
    connected?(details: { reconnected: boolean }): void;
    disconnected?(details: { willAttemptReconnect: boolean }): void;
    rejected?(): void;
    received?(data: unknown): void;
  }
  export interface Subscription {
    readonly identifier: string;
    unsubscribe(): Subscription;
  }
  export interface Connection {
    webSocket?: unknown;
    isOpen(): boolean;
    getProtocol(): string | undefined;
  }
  export interface Consumer {
    readonly connection: Connection;
    readonly subscriptions: {
      create(params: string | Record<string, unknown>, mixin?: SubscriptionMixin): Subscription;
    };
    addSubProtocol(protocol: string): void;
    connect(): boolean;
    disconnect(): void;
  }
  export const adapters: { WebSocket: unknown; logger: { log(...messages: unknown[]): void } };
  export const logger: { enabled: boolean };
  export function createConsumer(url?: string | (() => string)): Consumer;
}
