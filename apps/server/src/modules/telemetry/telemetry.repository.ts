import { sql, type RawBuilder } from 'kysely';
import { RUN_START_STATUS, RUN_STATUSES } from '@flare/core/status/thing-run';
import type { ThingOrganizations } from '@flare/core/permissions/thing-access';
import type { ServerStatus } from '@flare/core/status/thing-status';
import type { Db } from '../../platform/db/database';

/** What ingest needs to know about a device: its thing, who may see it and who may report for it. */
export interface DeviceRoute extends ThingOrganizations {
  thingId: string;
  deviceId: string;
  isActive: boolean;
  /** The owner first, then managers and accessors. */
  organizationIds: string[];
  managerIds: string[];
  accessorIds: string[];
  /** What the status engine needs besides the reports, so a batch needs no extra read. */
  street: string | null;
}

/**
 * The state of one thing after a batch, written in the same statement as its points. It applies only
 * when the batch's latest report is no older than the thing's last check-in: a late batch is history.
 */
export interface ThingPositionUpdate {
  thingId: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  inService: boolean | null;
  /** The batch's latest report: the thing's new check-in time. */
  heartbeatAt: Date;
  /** The batch's latest accurate report, if any: moves the thing unless it checked in since. */
  positionAt: Date | null;
  status: ServerStatus;
  /** Reports of the batch with the alert on: they count to the run's alert points. */
  alertPoints: number;
}

/** A thing's run after a status update (status/thing-run.ts). */
export interface StoredRun {
  run_started_at: Date | null;
  run_alert_points: number;
}

/** A run as the live feed sends it. */
export function runFields(run: StoredRun) {
  return {
    run_started_at: run.run_started_at?.toISOString() ?? null,
    run_alert_points: run.run_alert_points,
  };
}

/**
 * The run columns of an update of `things` to `status` (old values on the right, as in any SET):
 * turning active starts a run, staying within the run statuses keeps it, anything else ends it.
 * The one place the run rule of status/thing-run.ts is applied.
 */
function runAssignments(status: RawBuilder<unknown>, alertPoints: RawBuilder<unknown>) {
  const start = sql.lit(RUN_START_STATUS);
  const starts = sql`${status} = ${start} and things.status <> ${start}`;
  const continues = sql`${status} in (${sql.join(RUN_STATUSES.map((s) => sql.lit(s)))})`;
  return sql`run_started_at = case when ${starts} then now() when ${continues} then things.run_started_at end,
    run_alert_points = case when ${starts} then ${alertPoints}
      when ${continues} then things.run_alert_points + ${alertPoints} else 0 end`;
}

/** A thing's state as stored by a batch that was not late, to publish as its current state. */
export interface StoredThingState extends StoredRun {
  id: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  enroute: boolean;
  in_service: boolean;
  status: ServerStatus;
  street: string | null;
  heartbeat_at: Date;
  /** Whether the batch moved the thing (else it only checked in). */
  moved: boolean;
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
        'things.street',
        'rel.organization_id as related_id',
        'rel.relationship_type',
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
        ownerId: row.organization_id,
        managerIds: [],
        accessorIds: [],
        street: row.street,
      };
      if (row.related_id) {
        route.organizationIds.push(row.related_id);
        (row.relationship_type === 'manager' ? route.managerIds : route.accessorIds).push(row.related_id);
      }
      routes.set(row.id, route);
    }
    return [...routes.values()];
  }

  /**
   * Stores points and the things' latest state together: the group commit. Every report is kept as
   * history; a batch whose latest report is older than the thing's last check-in (it arrived late)
   * changes nothing else. Returns the stored state of the things the batch did update.
   */
  async commitBatch(points: PointRow[], updates: ThingPositionUpdate[]): Promise<StoredThingState[]> {
    // One array per column (unnest) keeps the statement small whatever the batch size.
    const of = <T>(pick: (p: PointRow) => T) => points.map(pick);
    const column = <T>(pick: (u: ThingPositionUpdate) => T) => updates.map(pick);
    // The conditions read the row being updated (not a snapshot), so concurrent writers are ordered.
    const moves = sql`(v.position_at is not null
      and (things.heartbeat_at is null or v.position_at >= things.heartbeat_at)
      and (things.position_at is null or v.position_at >= things.position_at))`;
    // One statement: atomic by itself, and a single round trip (and commit) per batch.
    const { rows } = await sql<StoredThingState>`
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
        lat = case when ${moves} then v.lat else things.lat end,
        lng = case when ${moves} then v.lng else things.lng end,
        speed = case when ${moves} then v.speed else things.speed end,
        course = case when ${moves} then v.course else things.course end,
        accuracy = case when ${moves} then v.accuracy else things.accuracy end,
        position_at = case when ${moves} then v.position_at else things.position_at end,
        enroute = v.enroute,
        in_service = coalesce(v.in_service, things.in_service),
        heartbeat_at = v.heartbeat_at,
        status_changed_at = case when things.status = v.status then things.status_changed_at else now() end,
        ${runAssignments(sql`v.status`, sql`v.alert_points`)},
        status = v.status,
        updated_at = now()
      from unnest(
        ${column((u) => u.thingId)}::uuid[], ${column((u) => u.lat)}::float8[], ${column((u) => u.lng)}::float8[],
        ${column((u) => u.speed)}::float8[], ${column((u) => u.course)}::float8[], ${column((u) => u.accuracy)}::float8[],
        ${column((u) => u.enroute)}::boolean[], ${column((u) => u.inService)}::boolean[],
        ${column((u) => u.heartbeatAt.toISOString())}::timestamptz[],
        ${column((u) => u.positionAt?.toISOString() ?? null)}::timestamptz[], ${column((u) => u.status)}::text[],
        ${column((u) => u.alertPoints)}::int[]
      ) as v(id, lat, lng, speed, course, accuracy, enroute, in_service, heartbeat_at, position_at, status, alert_points)
      where things.id = v.id and (things.heartbeat_at is null or v.heartbeat_at >= things.heartbeat_at)
      returning things.id, things.lat, things.lng, things.speed, things.course, things.accuracy,
        things.enroute, things.in_service, things.status, things.street, things.heartbeat_at,
        things.run_started_at, things.run_alert_points, (v.position_at is not null and things.position_at = v.position_at) as moved`.execute(
      this.db,
    );
    return rows;
  }

  /**
   * Things whose status has run out, longest silent first: never checked in (offline), or last checked
   * in before the time their status lasts until (`due`).
   */
  sweepCandidates(due: Array<{ status: ServerStatus; checkedInBefore: Date }>, limit: number) {
    return (
      this.db
        .selectFrom('things')
        .select(['id', 'status', 'street', 'enroute', 'heartbeat_at'])
        // Exactly as stored (to the microsecond), for the conditional update of moveStatus.
        .select(sql<string | null>`heartbeat_at::text`.as('heartbeat_key'))
        .where('is_active', '=', true)
        .where('status', '<>', 'offline')
        .where((eb) =>
          eb.or([
            eb('heartbeat_at', 'is', null),
            ...due.map(({ status, checkedInBefore }) =>
              eb.and([eb('status', '=', status), eb('heartbeat_at', '<', checkedInBefore)]),
            ),
          ]),
        )
        .orderBy('heartbeat_at', (ob) => ob.asc().nullsFirst())
        .orderBy('id')
        .limit(limit)
        .execute()
    );
  }

  /**
   * Moves a thing to another status, unless it changed since it was read (another process moved it,
   * or a report checked it in): its run after the move then, else null.
   */
  async moveStatus(
    thing: { id: string; status: string; heartbeat_key: string | null },
    to: ServerStatus,
  ): Promise<StoredRun | null> {
    const { rows } = await sql<StoredRun>`
      update things set status = ${to}, status_changed_at = now(), updated_at = now(),
        ${runAssignments(sql`${to}::text`, sql`0`)}
      where id = ${thing.id} and status = ${thing.status}
        and heartbeat_at is not distinct from ${thing.heartbeat_key}::timestamptz
      returning run_started_at, run_alert_points`.execute(this.db);
    return rows[0] ?? null;
  }
}

export type SweepCandidate = Awaited<ReturnType<TelemetryRepository['sweepCandidates']>>[number];
