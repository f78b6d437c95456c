import { sql } from 'kysely';
import type { ServerStatus } from '@flare/core/status/thing-status';
import type { Db } from '../../platform/db/database';

/** What ingest needs to know about a device: its thing and who may see it. */
export interface DeviceRoute {
  thingId: string;
  deviceId: string;
  isActive: boolean;
  /** The owner first, then managers and accessors. */
  organizationIds: string[];
  /** What the status engine needs, kept current by the pipeline so a batch needs no extra read. */
  heartbeatAt: number | null;
  street: string | null;
}

/** The latest accepted state of one thing after a batch, written in the same transaction as its points. */
export interface ThingPositionUpdate {
  thingId: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  inService: boolean | null;
  heartbeatAt: Date;
  positionAt: Date | null;
  status: ServerStatus;
}

export interface PointRow {
  thing_id: string;
  recorded_at: Date;
  lat: number;
  lng: number;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  alerting: boolean;
  /** Whether the report was accurate enough to move the thing. */
  accepted: boolean;
  /** The in-service flag the device reported, if any. */
  in_service: boolean | null;
}

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  async deviceRoutes(key: { deviceIds: string[] } | { thingIds: string[] }): Promise<DeviceRoute[]> {
    const [column, values] =
      'deviceIds' in key
        ? (['things.device_id', key.deviceIds] as const)
        : (['things.id', key.thingIds] as const);
    if (values.length === 0) return [];
    const rows = await this.db
      .selectFrom('things')
      .leftJoin('thing_relationships as rel', 'rel.thing_id', 'things.id')
      .select([
        'things.id',
        'things.device_id',
        'things.is_active',
        'things.organization_id',
        'things.heartbeat_at',
        'things.street',
        'rel.organization_id as related_id',
      ])
      .where(column, 'in', values)
      .execute();
    const routes = new Map<string, DeviceRoute>();
    for (const row of rows) {
      const route = routes.get(row.id) ?? {
        thingId: row.id,
        deviceId: row.device_id,
        isActive: row.is_active,
        organizationIds: [row.organization_id],
        heartbeatAt: row.heartbeat_at?.getTime() ?? null,
        street: row.street,
      };
      if (row.related_id) route.organizationIds.push(row.related_id);
      routes.set(row.id, route);
    }
    return [...routes.values()];
  }

  /** Stores points and the things' latest state together: the group commit. */
  async commitBatch(points: PointRow[], updates: ThingPositionUpdate[]): Promise<void> {
    // One array per column (unnest) keeps the statement small whatever the batch size.
    const of = <T>(pick: (p: PointRow) => T) => points.map(pick);
    const column = <T>(pick: (u: ThingPositionUpdate) => T) => updates.map(pick);
    // One statement: atomic by itself, and a single round trip (and commit) per batch. A report older
    // than the stored position still counts as a check-in but does not move the thing.
    await sql`
      with inserted as (
        insert into points (thing_id, recorded_at, lat, lng, speed, course, altitude, accuracy, battery, alerting, accepted, in_service)
        select * from unnest(
          ${of((p) => p.thing_id)}::uuid[], ${of((p) => p.recorded_at.toISOString())}::timestamptz[],
          ${of((p) => p.lat)}::float8[], ${of((p) => p.lng)}::float8[], ${of((p) => p.speed)}::float8[],
          ${of((p) => p.course)}::float8[], ${of((p) => p.altitude)}::float8[], ${of((p) => p.accuracy)}::float8[],
          ${of((p) => p.battery)}::float8[], ${of((p) => p.alerting)}::boolean[], ${of((p) => p.accepted)}::boolean[],
          ${of((p) => p.in_service)}::boolean[]
        )
        returning 1
      )
      update things set
        lat = case when v.newer then v.lat else things.lat end,
        lng = case when v.newer then v.lng else things.lng end,
        speed = case when v.newer then v.speed else things.speed end,
        course = case when v.newer then v.course else things.course end,
        accuracy = case when v.newer then v.accuracy else things.accuracy end,
        position_at = case when v.newer then v.position_at else things.position_at end,
        enroute = v.enroute,
        in_service = coalesce(v.in_service, things.in_service),
        heartbeat_at = greatest(v.heartbeat_at, things.heartbeat_at),
        status_changed_at = case when things.status = v.status then things.status_changed_at else now() end,
        status = v.status,
        updated_at = now()
      from (
        select v.*, (v.position_at is not null and (t.position_at is null or v.position_at >= t.position_at)) as newer
        from unnest(
          ${column((u) => u.thingId)}::uuid[], ${column((u) => u.lat)}::float8[], ${column((u) => u.lng)}::float8[],
          ${column((u) => u.speed)}::float8[], ${column((u) => u.course)}::float8[], ${column((u) => u.accuracy)}::float8[],
          ${column((u) => u.enroute)}::boolean[], ${column((u) => u.inService)}::boolean[],
          ${column((u) => u.heartbeatAt.toISOString())}::timestamptz[],
          ${column((u) => u.positionAt?.toISOString() ?? null)}::timestamptz[], ${column((u) => u.status)}::text[]
        ) as v(id, lat, lng, speed, course, accuracy, enroute, in_service, heartbeat_at, position_at, status)
        join things t on t.id = v.id
      ) as v
      where things.id = v.id`.execute(this.db);
  }

  /**
   * Things whose status may have changed with time alone. A prefilter on the windows; the status
   * engine decides. Pending things are looked at again only once the pending window has passed.
   */
  sweepCandidates(now: Date, activeWindowMs: number, pendingWindowMs: number, limit: number) {
    const activeEdge = new Date(now.getTime() - activeWindowMs);
    const pendingEdge = new Date(now.getTime() - pendingWindowMs);
    return this.db
      .selectFrom('things')
      .select(['id', 'status', 'street', 'enroute', 'heartbeat_at'])
      .where('is_active', '=', true)
      .where('status', '<>', 'offline')
      .where((eb) =>
        eb.or([
          eb('heartbeat_at', 'is', null),
          eb.and([eb('status', '<>', 'pending'), eb('heartbeat_at', '<', activeEdge)]),
          eb.and([eb('status', '=', 'pending'), eb('heartbeat_at', '<', pendingEdge)]),
        ]),
      )
      .limit(limit)
      .execute();
  }

  /** Moves a thing from one status to another; false when another process moved it first. */
  async moveStatus(id: string, from: string, to: ServerStatus): Promise<boolean> {
    const result = await this.db
      .updateTable('things')
      .set({ status: to, status_changed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
