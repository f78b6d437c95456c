/**
 * Partners' alert streams served by this process, as Server-Sent Events. A stream watches its
 * organisations' alerts in its regions (bounding boxes; none: everywhere). It opens with the active
 * alerts (`alerts.snapshot`), or, given the id of the last change it heard (`Last-Event-ID`), with the
 * changes since; then each change as it happens (`alert.created`, `alert.updated`, `alert.ended`), its
 * SSE id the change's number. When the changes since are no longer kept, the snapshot comes again
 * with `reset: true`. Changes heard from the bus while a stream replays are held and sent after it,
 * each once.
 */
import type { ServerResponse } from 'node:http';
import { alertInBbox, changeInRegions, type Bbox } from '@flare/core/alerts/alert-area';
import type { AlertEvent, AlertsChanged } from '@flare/core/events/alert-events';
import type { EventBus } from '../../platform/bus/event-bus';
import type { AlertDeliveries, Recipient } from './alert-deliveries';
import type { AlertsRepository } from './alerts.repository';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const STREAM_KEEPALIVE_MS = 25_000;
const REPLAY_PAGE = 1_000;

export interface StreamChoice {
  organizationIds: readonly string[];
  regions: readonly Bbox[] | null;
  /** The last change the partner heard; null: start from the active alerts. */
  lastEventId: number | null;
  /** Who listens: each alert's first delivery to them is counted. */
  recipient: Recipient;
}

interface OpenStream {
  organizationIds: ReadonlySet<string>;
  hear(change: AlertsChanged): void;
  end(): void;
}

const sse = (event: string, id: number, data: unknown) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class AlertStreams {
  private readonly open = new Set<OpenStream>();

  constructor(
    private readonly repository: AlertsRepository,
    private readonly events: EventBus,
    private readonly deliveries: AlertDeliveries,
  ) {}

  /** Every process's changes reach this process's streams. */
  async follow(): Promise<void> {
    await this.events.on('alert.changed', (change) => {
      for (const stream of this.open)
        if (stream.organizationIds.has(change.organization_id)) stream.hear(change);
    });
  }

  /** How many streams this process serves now. */
  get size(): number {
    return this.open.size;
  }

  /** Streams to `response` until the partner goes (or the server closes). */
  async serve(response: ServerResponse, choice: StreamChoice): Promise<void> {
    const inRegions = (event: AlertEvent) => changeInRegions(event, choice.regions);
    const write = (event: AlertEvent) => {
      if (!inRegions(event)) return;
      response.write(sse(`alert.${event.change}`, event.id, event));
      if (event.change === 'created') this.deliveries.delivered(event.alert, choice.recipient, 'stream');
    };
    let held: AlertEvent[] | null = [];
    let sentThrough = 0;
    const stream: OpenStream = {
      organizationIds: new Set(choice.organizationIds),
      hear: ({ events }) => {
        if (held) held.push(...events);
        else for (const event of events) if (event.id > sentThrough) write(event);
      },
      end: () => response.end(),
    };
    this.open.add(stream);
    const closed = this.deliveries.opened(choice.organizationIds, choice.recipient, 'stream');
    const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), STREAM_KEEPALIVE_MS).unref();
    response.on('close', () => {
      clearInterval(keepAlive);
      this.open.delete(stream);
      closed();
    });
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      'x-accel-buffering': 'no',
      // Not kept alive once the stream ends: a stream is never followed by another request on its
      // connection, and a server closing would otherwise wait for the client to drop it.
      connection: 'close',
    });
    sentThrough = (await this.resumable(choice.lastEventId))
      ? await this.replay(choice, write)
      : await this.snapshot(response, choice, choice.lastEventId !== null);
    const waiting = held;
    held = null;
    for (const event of waiting.sort((a, b) => a.id - b.id)) if (event.id > sentThrough) write(event);
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const stream of this.open) stream.end();
  }

  /** Whether every change after `lastEventId` is still kept. */
  private async resumable(lastEventId: number | null): Promise<boolean> {
    if (lastEventId === null) return false;
    const oldest = await this.repository.oldestEventId();
    return oldest > 0 && lastEventId >= oldest - 1;
  }

  /** Sends the changes after the partner's last; the number of the last one. */
  private async replay(choice: StreamChoice, write: (event: AlertEvent) => void): Promise<number> {
    let after = choice.lastEventId!;
    for (;;) {
      const page = await this.repository.eventsAfter(choice.organizationIds, after, REPLAY_PAGE);
      for (const event of page) write(event);
      if (page.length > 0) after = page.at(-1)!.id;
      if (page.length < REPLAY_PAGE) return after;
    }
  }

  /** Sends the active alerts in the regions; the number of the last change they include. */
  private async snapshot(response: ServerResponse, choice: StreamChoice, reset: boolean): Promise<number> {
    const { alerts, lastEventId } = await this.repository.current(choice.organizationIds);
    const regions = choice.regions;
    const shown = regions
      ? alerts.filter((alert) => regions.some((region) => alertInBbox(alert, region)))
      : alerts;
    response.write(sse('alerts.snapshot', lastEventId, { alerts: shown, last_event_id: lastEventId, reset }));
    for (const alert of shown) this.deliveries.delivered(alert, choice.recipient, 'stream');
    return lastEventId;
  }
}
