/**
 * The telemetry pipeline: validate -> resolve devices -> accuracy filter -> status engine ->
 * group commit -> live feed. A request's reports are stored all together or not at all. Reports
 * that arrive late (older than the thing's last check-in) are stored as history only.
 */
import { computeStatus, toServerStatus } from '@flare/core/status/thing-status';
import { isAccurateEnough, validateIngestPoint, type IngestPoint } from '@flare/core/telemetry/ingest';
import type { LiveMessage } from '@flare/core/live/messages';
import { badRequest } from '../../platform/http-errors';
import type { DeviceDirectory } from './device-directory';
import type { IngestStats } from './ingest-stats';
import { PointWriter, type CommittedBatch } from './point-writer';
import {
  runFields,
  type DeviceRoute,
  type PointRow,
  type TelemetryRepository,
  type ThingPositionUpdate,
} from './telemetry.repository';

export type PublishLive = (organizationIds: string[], message: LiveMessage) => void;

export interface IngestOptions {
  /** Only devices for which this holds may report in this request (the batch API's caller scope). */
  allowed?: (route: DeviceRoute) => boolean;
}

const MAX_LISTED_REASONS = 20;

export class TelemetryService {
  private readonly writer: PointWriter;

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly directory: DeviceDirectory,
    readonly stats: IngestStats,
    private readonly publish: PublishLive,
  ) {
    this.writer = new PointWriter(
      repository,
      (points) => this.statusEngine(points),
      (batch) => this.publishBatch(batch),
    );
  }

  /** Stores the reports, resolving once they are committed. Throws 400 naming every bad report. */
  async ingest(inputs: unknown[], options: IngestOptions = {}): Promise<{ accepted: number }> {
    const now = Date.now();
    const points: IngestPoint[] = [];
    const reasons: string[] = [];
    inputs.forEach((input, index) => {
      const result = validateIngestPoint(input, now);
      if (result.ok) points.push(result.point);
      else {
        this.stats.reject(result.reason.includes('future') ? 'future_timestamp' : 'invalid');
        reasons.push(`point ${index}: ${result.reason}`);
      }
    });
    if (reasons.length > 0) this.refuse('invalid_point', reasons, inputs.length - reasons.length);

    const routes = await this.directory.resolve(points.map((p) => p.device_id));
    points.forEach((point, index) => {
      const route = routes.get(point.device_id);
      if (!route || (options.allowed && !options.allowed(route))) {
        this.stats.reject('unknown_device');
        reasons.push(`point ${index}: unknown device id "${point.device_id}"`);
      } else if (!route.isActive) {
        this.stats.reject('inactive_device');
        reasons.push(`point ${index}: device "${point.device_id}" is deactivated`);
      }
    });
    if (reasons.length > 0) this.refuse('unknown_device', reasons, points.length - reasons.length);

    await this.writer.write(points.map((point) => toRow(point, routes.get(point.device_id)!)));
    this.stats.accepted += points.length;
    return { accepted: points.length };
  }

  /** Settles when every report acknowledged so far is committed (used on shutdown). */
  drained(): Promise<void> {
    return this.writer.idle();
  }

  private refuse(code: string, reasons: string[], otherCount: number): never {
    const listed = reasons.slice(0, MAX_LISTED_REASONS);
    const more = reasons.length > listed.length ? `; and ${reasons.length - listed.length} more` : '';
    const stored = otherCount > 0 ? ' Nothing was stored.' : '';
    throw badRequest(code, `${listed.join('; ')}${more}.${stored}`.replace('..', '.'));
  }

  /**
   * The status engine: each thing's new state from the latest report of the batch. The commit applies
   * it only if that report is no older than the thing's last check-in.
   */
  private async statusEngine(points: PointRow[]): Promise<ThingPositionUpdate[]> {
    const latest = new Map<string, PointRow>();
    const latestAccepted = new Map<string, PointRow>();
    const alertPoints = new Map<string, number>();
    for (const point of points) {
      if (point.alerting) alertPoints.set(point.thing_id, (alertPoints.get(point.thing_id) ?? 0) + 1);
      const seen = latest.get(point.thing_id);
      if (!seen || point.recorded_at >= seen.recorded_at) latest.set(point.thing_id, point);
      const accepted = latestAccepted.get(point.thing_id);
      if (point.accepted && (!accepted || point.recorded_at >= accepted.recorded_at)) {
        latestAccepted.set(point.thing_id, point);
      }
    }
    const routes = new Map(
      (await this.directory.routesOfThings([...latest.keys()])).map((r) => [r.thingId, r]),
    );
    const now = Date.now();
    return [...latest.values()].map((point) => {
      const route = routes.get(point.thing_id);
      const heartbeatAt = point.recorded_at.getTime();
      const position = latestAccepted.get(point.thing_id) ?? null;
      const status = computeStatus(
        {
          hasActiveClosure: false,
          isOnIncident: false,
          heartbeatAt,
          enroute: point.alerting,
          street: route?.street ?? null,
        },
        now,
      );
      return {
        thingId: point.thing_id,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        speed: position?.speed ?? null,
        course: position?.course ?? null,
        accuracy: position?.accuracy ?? null,
        enroute: point.alerting,
        inService: point.in_service,
        heartbeatAt: new Date(heartbeatAt),
        positionAt: position?.recorded_at ?? null,
        status: toServerStatus(status),
        alertPoints: alertPoints.get(point.thing_id) ?? 0,
      };
    });
  }

  /** Publishes what the batch stored: the current state, never a late report's. */
  private publishBatch({ stored }: CommittedBatch): void {
    for (const thing of stored) {
      const route = this.directory.routeOfThing(thing.id);
      if (!route) continue;
      const heartbeat_datetime = thing.heartbeat_at.toISOString();
      const status = thing.status;
      const message: LiveMessage =
        thing.moved && thing.lat !== null && thing.lng !== null
          ? {
              type: 'point',
              thing_id: thing.id,
              lat: thing.lat,
              lng: thing.lng,
              speed: thing.speed,
              course: thing.course,
              accuracy: thing.accuracy,
              enroute: thing.enroute,
              in_service: thing.in_service,
              status,
              street: thing.street,
              heartbeat_datetime,
              ...runFields(thing),
            }
          : {
              type: 'heartbeat',
              thing_id: thing.id,
              in_service: thing.in_service,
              status,
              heartbeat_datetime,
              ...runFields(thing),
            };
      this.publish(route.organizationIds, message);
    }
  }
}

function toRow(point: IngestPoint, route: DeviceRoute): PointRow {
  return {
    thing_id: route.thingId,
    recorded_at: new Date(point.timestamp),
    lat: point.lat,
    lng: point.lng,
    speed: point.speed,
    course: point.course,
    altitude: point.altitude,
    accuracy: point.accuracy,
    battery: point.battery,
    alerting: point.alerting,
    accepted: isAccurateEnough(point.accuracy, false),
    in_service: point.in_service,
  };
}
