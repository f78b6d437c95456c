/**
 * Typed domain events. `emit` hands a payload to this process's handlers (asynchronously, never
 * inline) and, for shared events, publishes it on the bus for the other server processes, whose
 * handlers receive it after a check against the event's schema. Each emitter marks what it
 * publishes with its own origin, so a handler never receives its own process's event twice.
 * An emitter may wait for this process's handlers (e.g. so that caches here have forgotten a changed
 * asset before an API call answers) or go on at once; handler failures are logged, never thrown.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus';
import { EVENTS, type EventName, type EventPayload } from './events';

export type EventHandler<N extends EventName> = (payload: EventPayload<N>) => void | Promise<void>;

export interface HandlerOptions {
  /** For keyed events: only this key's events. */
  key?: string;
  /** For shared events: only events emitted by this process (e.g. to do something exactly once). */
  thisProcessOnly?: boolean;
}

interface Envelope {
  origin: string;
  payload: unknown;
}

/** Keys become one bus topic token: no separators, wildcards or spaces. */
const KEY = /^[A-Za-z0-9_-]+$/;

export class EventBus {
  private readonly origin = randomUUID();
  private readonly local = new Map<string, Set<(payload: unknown) => Promise<void>>>();

  constructor(
    private readonly bus: Bus,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  /** Resolves once this process's handlers have handled the event and it is on the bus. */
  async emit<N extends EventName>(name: N, payload: EventPayload<N>, key?: string): Promise<void> {
    const topic = this.topic(name, key);
    const targets = [...(this.local.get(topic) ?? [])];
    const handled =
      targets.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) =>
            setImmediate(
              () => void Promise.all(targets.map((handle) => handle(payload))).then(() => resolve()),
            ),
          );
    const published = EVENTS[name].shared
      ? this.bus
          .publish(topic, { origin: this.origin, payload } satisfies Envelope)
          .catch((error: unknown) =>
            this.log.error({ err: error, event: name }, 'publishing an event failed'),
          )
      : Promise.resolve();
    await Promise.all([handled, published]);
  }

  /** Resolves once the handler receives events; the returned function stops it. */
  async on<N extends EventName>(
    name: N,
    handler: EventHandler<N>,
    options: HandlerOptions = {},
  ): Promise<() => Promise<void>> {
    const topic = this.topic(name, options.key);
    const run = async (payload: unknown) => {
      try {
        await handler(payload as EventPayload<N>);
      } catch (error) {
        this.failed(error, name);
      }
    };
    let handlers = this.local.get(topic);
    if (!handlers) this.local.set(topic, (handlers = new Set()));
    handlers.add(run);
    const stopLocal = () => {
      handlers.delete(run);
      if (handlers.size === 0 && this.local.get(topic) === handlers) this.local.delete(topic);
    };
    if (!EVENTS[name].shared || options.thisProcessOnly) return () => Promise.resolve(stopLocal());
    let unsubscribe: () => Promise<void>;
    try {
      unsubscribe = await this.bus.subscribe(topic, (raw) => this.receive(name, raw, run));
    } catch (error) {
      stopLocal();
      throw error;
    }
    return async () => {
      stopLocal();
      await unsubscribe();
    };
  }

  /** An event from another process: checked against its schema, since it crossed the bus. */
  private receive(name: EventName, raw: unknown, run: (payload: unknown) => Promise<void>): void {
    const envelope = raw as Partial<Envelope> | null;
    if (envelope?.origin === this.origin) return;
    const parsed = EVENTS[name].schema.safeParse(envelope?.payload);
    if (!parsed.success) {
      this.log.warn({ event: name, issues: parsed.error.issues.slice(0, 3) }, 'dropped an invalid event');
      return;
    }
    void run(parsed.data);
  }

  private topic(name: EventName, key: string | undefined): string {
    const keyed = EVENTS[name].keyed === true;
    if (keyed !== (key !== undefined)) throw new Error(`event ${name} ${keyed ? 'needs' : 'takes no'} key`);
    if (key === undefined) return name;
    if (!KEY.test(key)) throw new Error(`invalid key "${key}" for event ${name}`);
    return `${name}.${key}`;
  }

  private failed(error: unknown, name: EventName): void {
    this.log.error({ err: error, event: name }, 'event handler failed');
  }
}
