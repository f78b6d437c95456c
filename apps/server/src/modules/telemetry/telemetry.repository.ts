/**
 * Telemetry's tables: `points` (every report) and `thing_states` (each asset's live state). It reads
 * the things module's `things` and `thing_relationships` to route devices, and writes nothing else.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { PointsTable } from './telemetry.tables';
import type { ThingOrganizations } from '@flare/core/permissions/thing-access';
import { runTransition, type RunTransition } from '@flare/core/status/thing-run';
import { SERVER_STATUSES, type ServerStatus } from '@flare/core/status/thing-status';
import { URGENT_ALARMS } from '@flare/core/things/thing-alarm';
import type { Db } from '../../platform/db/database';
import { isDatabaseUnavailable } from '../../platform/db/errors';
import { hashDeviceCredential } from '../../platform/device-credentials';

/** What ingest needs to know about a device: its thing, who may see it and who may report for it. */
export interface DeviceRoute extends ThingOrganizations {
  thingId: string;
  /** The System Id. */
  deviceId: string;
  /** SHA-256 of the device's credential, if one was issued. */
  credentialHash: string | null;
  /** Whether the device may report with its System Id alone. */
  legacyDeviceId: boolean;
  isActive: boolean;
  /** The owner first, then managers and accessors. */
  organizationIds: string[];
  managerIds: string[];
  accessorIds: string[];
  /** What the status rule needs besides the reports, so a batch needs no extra read. */
  street: string | null;
  /** Of an emergency type (police, fire, EMS): what incident detection watches. */
  isResponder: boolean;
  /** Takes part in responder-to-responder alerts. */
  r2rEnabled: boolean;
  /**
   * Whether the thing has its state row yet. The first batch that commits a report for it creates
   * the row: never naming a device does (a caller refused for it changes nothing of it).
   */
  hasState: boolean;
}

/** A stored report as written (its id and receipt time are the database's). */
export type PointRow = Omit<Selectable<PointsTable>, 'id' | 'received_at'>;

/**
 * A thing's state after a batch, written in the same statement as its points. It applies only when
 * the batch's latest report is no older than the thing's last check-in: a late batch is history.
 */
export interface ThingStateUpdate {
  thingId: string;
  /** The batch's latest report that moves the thing, if any. */
  position: {
    at: Date;
    lat: number;
    lng: number;
    speed: number | null;
    course: number | null;
    accuracy: number | null;
  } | null;
  enroute: boolean;
  inService: boolean | null;
  /** The batch's latest report: the thing's new check-in time. */
  heartbeatAt: Date;
  status: ServerStatus;
  /** Reports of the batch with the alert on: they count to the run's alert points. */
  alertPoints: number;
  battery: number | null;
  charging: boolean | null;
  /** The alarm the batch raises (core's raisesOver among its reports): it stays until acknowledged. */
  alarm: { type: string; at: Date } | null;
  /** The station area the thing is parked at, from the areas section's context. */
  stationId: string | null;
}

/** A thing's live state as stored. */
export interface StoredState {
  thing_id: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  position_at: Date | null;
  enroute: boolean;
  in_service: boolean;
  status: ServerStatus;
  status_changed_at: Date;
  street: string | null;
  heartbeat_at: Date | null;
  run_started_at: Date | null;
  run_alert_points: number;
  alarm: string | null;
  alarm_raised_at: Date | null;
  station_id: string | null;
}

/** A status change the status engine decided, applied only if the thing is still as it was read. */
export interface StatusMove {
  thingId: string;
  from: ServerStatus;
  /** The check-in time as read, to the microsecond (`heartbeat_key`). */
  heartbeatKey: string | null;
  to: ServerStatus;
}

const STORED_STATE = sql`s.thing_id, s.lat, s.lng, s.speed, s.course, s.accuracy, s.position_at, s.enroute,
  s.in_service, s.status, s.status_changed_at, s.street, s.heartbeat_at, s.run_started_at, s.run_alert_points,
  s.alarm, s.alarm_raised_at, s.station_id`;

/** The (from, to) status pairs of one kind of run transition, from core's run rule. */
function transitions(kind: RunTransition) {
  const pairs = SERVER_STATUSES.flatMap((from) =>
    SERVER_STATUSES.filter((to) => runTransition(from, to) === kind).map(
      (to) => sql`(${sql.lit(from)}, ${sql.lit(to)})`,
    ),
  );
  return sql.join(pairs);
}

/**
 * The run columns of an update of thing_states `s` to `status`, with `alertPoints` more alerting
 * reports, where `applies` holds (elsewhere the run stays): core's run rule (status/thing-run.ts)
 * compiled into SQL, so that it reads the row being updated and concurrent writers stay ordered.
 */
function runAssignments(status: RawBuilder<unknown>, alertPoints: RawBuilder<unknown>, applies = sql`true`) {
  const change = sql`(s.status, ${status}::text)`;
  return sql`run_started_at = case when not ${applies} then s.run_started_at
      when ${change} in (${transitions('start')}) then now()
      when ${change} in (${transitions('continue')}) then s.run_started_at end,
    run_alert_points = case when not ${applies} then s.run_alert_points
      when ${change} in (${transitions('start')}) then ${alertPoints}
      when ${change} in (${transitions('continue')}) then s.run_alert_points + ${alertPoints} else 0 end`;
}

const urgent = sql.join(URGENT_ALARMS.map((alarm) => sql.lit(alarm)));
/**
 * Whether the update `v` raises its alarm on thing_states `s`: core's raisesOver (the first raised
 * alarm stays until acknowledged, unless an urgent one comes over a non-urgent one), and never one
 * raised before the last acknowledgement (a device resending it).
 */
const raisesAlarm = sql`(v.alarm is not null
  and (s.alarm_cleared_through is null or v.alarm_at > s.alarm_cleared_through)
  and (s.alarm is null or (v.alarm in (${urgent}) and s.alarm not in (${urgent}))))`;

/** What the status engine reads of a thing's live state, for the sweep and for re-evaluations. */
function statusSubjectsQuery(db: Db) {
  return (
    db
      .selectFrom('thing_states as s')
      .innerJoin('things', 'things.id', 's.thing_id')
      .select(['s.thing_id as id', 's.status', 's.street', 's.enroute', 's.heartbeat_at', 's.lat', 's.lng'])
      // Exactly as stored (to the microsecond), for the conditional update of moveStatuses.
      .select(sql<string | null>`s.heartbeat_at::text`.as('heartbeat_key'))
      .where('things.is_active', '=', true)
  );
}

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  /** Whether a statement's failure means the database is out of reach for now, not that its work is wrong. */
  readonly isOutage = isDatabaseUnavailable;

  /** Routes of devices (or things), creating the live-state row of any thing that has none yet. */
  /**
   * The routes of what devices presented, keyed by it: a credential (compared by its hash), or the
   * System Id of an asset marked as a legacy device.
   */
  async routesByCredential(credentials: string[]): Promise<Array<[string, DeviceRoute]>> {
    const byHash = new Map(credentials.map((c) => [hashDeviceCredential(c), c]));
    const routes = await this.deviceRoutes({ credentials: credentials, hashes: [...byHash.keys()] });
    return routes.flatMap((route): Array<[string, DeviceRoute]> => {
      const presented = route.credentialHash === null ? undefined : byHash.get(route.credentialHash);
      if (presented !== undefined) return [[presented, route]];
      return route.legacyDeviceId && credentials.includes(route.deviceId) ? [[route.deviceId, route]] : [];
    });
  }

  async deviceRoutes(
    key: { deviceIds: string[] } | { thingIds: string[] } | { credentials: string[]; hashes: string[] },
  ): Promise<DeviceRoute[]> {
    const values = 'deviceIds' in key ? key.deviceIds : 'thingIds' in key ? key.thingIds : key.credentials;
    if (values.length === 0) return [];
    const rows = await this.db
      .selectFrom('things')
      .leftJoin('thing_relationships as rel', 'rel.thing_id', 'things.id')
      .leftJoin('thing_states as s', 's.thing_id', 'things.id')
      .innerJoin('thing_types as type', 'type.id', 'things.thing_type_id')
      .select([
        'things.id',
        'type.emergency',
        'things.r2r_enabled',
        'things.device_id',
        'things.device_credential_hash',
        'things.legacy_device_id',
        'things.is_active',
        'things.organization_id',
        's.street',
        's.thing_id as state_id',
        'rel.organization_id as related_id',
        'rel.relationship_type',
      ])
      .where((eb) =>
        'deviceIds' in key
          ? eb('things.device_id', 'in', key.deviceIds)
          : 'thingIds' in key
            ? eb('things.id', 'in', key.thingIds)
            : eb.or([
                eb('things.device_credential_hash', 'in', key.hashes),
                eb.and([
                  eb('things.legacy_device_id', '=', true),
                  eb('things.device_id', 'in', key.credentials),
                ]),
              ]),
      )
      .execute();
    const routes = new Map<string, DeviceRoute>();
    for (const row of rows) {
      const route = routes.get(row.id) ?? {
        thingId: row.id,
        deviceId: row.device_id,
        credentialHash: row.device_credential_hash,
        legacyDeviceId: row.legacy_device_id,
        isActive: row.is_active,
        organizationIds: [row.organization_id],
        ownerId: row.organization_id,
        managerIds: [],
        accessorIds: [],
        street: row.street,
        isResponder: row.emergency,
        r2rEnabled: row.r2r_enabled,
        hasState: row.state_id !== null,
      };
      if (row.related_id) {
        route.organizationIds.push(row.related_id);
        (row.relationship_type === 'manager' ? route.managerIds : route.accessorIds).push(row.related_id);
      }
      routes.set(row.id, route);
    }
    return [...routes.values()];
  }

  /** Creates the things' state rows where missing, so that committing a batch is a plain update. */
  async ensureStates(thingIds: string[]): Promise<void> {
    await sql`insert into thing_states (thing_id) select unnest(${thingIds}::uuid[])
      on conflict (thing_id) do nothing`.execute(this.db);
  }

  /**
   * Stores points and the things' latest state together: the group commit. Every report is kept as
   * history; a batch whose latest report is older than the thing's last check-in (it arrived late)
   * changes nothing else. Returns the stored state of the things the batch did update.
   */
  async commitBatch(points: PointRow[], batchUpdates: ThingStateUpdate[]): Promise<StoredState[]> {
    // Rows are locked in one order (by id) by every writer, so two concurrent writers never deadlock.
    const updates = [...batchUpdates].sort((a, b) => (a.thingId < b.thingId ? -1 : 1));
    // One array per column (unnest) keeps the statement small whatever the batch size.
    const of = <T>(pick: (p: PointRow) => T) => points.map(pick);
    const column = <T>(pick: (u: ThingStateUpdate) => T) => updates.map(pick);
    // The conditions read the row being updated (not a snapshot), so concurrent writers are ordered.
    // A batch whose latest report is older than the last check-in arrived late: it is history only,
    // except for an alarm it raises.
    const fresh = sql`(s.heartbeat_at is null or v.heartbeat_at >= s.heartbeat_at)`;
    const moves = sql`(v.position_at is not null
      and (s.heartbeat_at is null or v.position_at >= s.heartbeat_at)
      and (s.position_at is null or v.position_at >= s.position_at))`;
    const moved = (name: string) =>
      sql`${sql.ref(name)} = case when ${moves} then v.${sql.ref(name)} else s.${sql.ref(name)} end`;
    const ifFresh = (name: string, value: RawBuilder<unknown>) =>
      sql`${sql.ref(name)} = case when ${fresh} then ${value} else s.${sql.ref(name)} end`;
    // One statement: atomic by itself, and a single round trip (and commit) per batch.
    const { rows } = await sql<StoredState>`
      with inserted as (
        insert into points (thing_id, recorded_at, lat, lng, valid, speed, course, altitude, accuracy, hdop,
          battery, charging, alerting, accepted, in_service, alarm, driver_unique_id, attributes)
        select * from unnest(
          ${of((p) => p.thing_id)}::uuid[], ${of((p) => p.recorded_at.toISOString())}::timestamptz[],
          ${of((p) => p.lat)}::float8[], ${of((p) => p.lng)}::float8[], ${of((p) => p.valid)}::boolean[],
          ${of((p) => p.speed)}::float8[], ${of((p) => p.course)}::float8[], ${of((p) => p.altitude)}::float8[],
          ${of((p) => p.accuracy)}::float8[], ${of((p) => p.hdop)}::float8[], ${of((p) => p.battery)}::float8[],
          ${of((p) => p.charging)}::boolean[], ${of((p) => p.alerting)}::boolean[], ${of((p) => p.accepted)}::boolean[],
          ${of((p) => p.in_service)}::boolean[], ${of((p) => p.alarm)}::text[],
          ${of((p) => p.driver_unique_id)}::text[],
          ${of((p) => (p.attributes ? JSON.stringify(p.attributes) : null))}::jsonb[]
        )
        -- A report sent again (its answer was lost) is stored once.
        on conflict (thing_id, recorded_at, lat, lng) do nothing
        returning 1
      )
      update thing_states s set
        ${moved('lat')}, ${moved('lng')}, ${moved('speed')}, ${moved('course')}, ${moved('accuracy')},
        ${moved('position_at')},
        ${ifFresh('enroute', sql`v.enroute`)},
        ${ifFresh('in_service', sql`coalesce(v.in_service, s.in_service)`)},
        ${ifFresh('heartbeat_at', sql`v.heartbeat_at`)},
        ${ifFresh('battery', sql`coalesce(v.battery, s.battery)`)},
        ${ifFresh('charging', sql`coalesce(v.charging, s.charging)`)},
        alarm = case when ${raisesAlarm} then v.alarm else s.alarm end,
        alarm_raised_at = case when ${raisesAlarm} then v.alarm_at else s.alarm_raised_at end,
        ${ifFresh('status_changed_at', sql`case when s.status = v.status then s.status_changed_at else now() end`)},
        ${runAssignments(sql`v.status`, sql`v.alert_points`, fresh)},
        ${ifFresh('status', sql`v.status`)},
        ${ifFresh('station_id', sql`v.station_id`)},
        updated_at = now()
      from unnest(
        ${column((u) => u.thingId)}::uuid[], ${column((u) => u.position?.lat ?? null)}::float8[],
        ${column((u) => u.position?.lng ?? null)}::float8[], ${column((u) => u.position?.speed ?? null)}::float8[],
        ${column((u) => u.position?.course ?? null)}::float8[],
        ${column((u) => u.position?.accuracy ?? null)}::float8[],
        ${column((u) => u.position?.at.toISOString() ?? null)}::timestamptz[],
        ${column((u) => u.enroute)}::boolean[], ${column((u) => u.inService)}::boolean[],
        ${column((u) => u.heartbeatAt.toISOString())}::timestamptz[], ${column((u) => u.status)}::text[],
        ${column((u) => u.alertPoints)}::int[], ${column((u) => u.battery)}::float8[],
        ${column((u) => u.charging)}::boolean[], ${column((u) => u.alarm?.type ?? null)}::text[],
        ${column((u) => u.alarm?.at.toISOString() ?? null)}::timestamptz[], ${column((u) => u.stationId)}::uuid[]
      ) as v(id, lat, lng, speed, course, accuracy, position_at, enroute, in_service, heartbeat_at, status,
        alert_points, battery, charging, alarm, alarm_at, station_id)
      where s.thing_id = v.id and (${fresh} or ${raisesAlarm})
      returning ${STORED_STATE}`.execute(this.db);
    return rows;
  }

  /**
   * Things whose status has run out, longest silent first: never checked in (but not offline), or
   * last checked in before the time their status lasts until (`due`).
   */
  sweepCandidates(due: Array<{ status: ServerStatus; checkedInBefore: Date }>, limit: number) {
    return statusSubjectsQuery(this.db)
      .where('s.status', '<>', 'offline')
      .where((eb) =>
        eb.or([
          eb('s.heartbeat_at', 'is', null),
          ...due.map(({ status, checkedInBefore }) =>
            eb.and([eb('s.status', '=', status), eb('s.heartbeat_at', '<', checkedInBefore)]),
          ),
        ]),
      )
      .orderBy('s.heartbeat_at', (ob) => ob.asc().nullsFirst())
      .orderBy('s.thing_id')
      .limit(limit)
      .execute();
  }

  /** The live state of things as the status engine reads it, for re-evaluating them. */
  statusSubjects(thingIds: string[]) {
    if (thingIds.length === 0) return Promise.resolve([]);
    return statusSubjectsQuery(this.db).where('s.thing_id', 'in', thingIds).execute();
  }

  /**
   * Moves things to new statuses, each unless it changed since it was read (another process moved
   * it, or a report checked it in). Returns the states of the things it moved.
   */
  async moveStatuses(unordered: StatusMove[]): Promise<StoredState[]> {
    if (unordered.length === 0) return [];
    // In the same order as every other writer (see commitBatch).
    const moves = [...unordered].sort((a, b) => (a.thingId < b.thingId ? -1 : 1));
    const column = <T>(pick: (m: StatusMove) => T) => moves.map(pick);
    const { rows } = await sql<StoredState>`
      update thing_states s set status = v.to_status, status_changed_at = now(), updated_at = now(),
        ${runAssignments(sql`v.to_status`, sql`0`)}
      from unnest(${column((m) => m.thingId)}::uuid[], ${column((m) => m.from)}::text[],
        ${column((m) => m.heartbeatKey)}::text[], ${column((m) => m.to)}::text[]) as v(id, from_status, heartbeat_key, to_status)
      where s.thing_id = v.id and s.status = v.from_status
        and s.heartbeat_at is not distinct from v.heartbeat_key::timestamptz
      returning ${STORED_STATE}`.execute(this.db);
    return rows;
  }

  /** Sets the in-service flag (a user's edit). */
  async setInService(thingId: string, inService: boolean): Promise<void> {
    await sql`insert into thing_states (thing_id, in_service) values (${thingId}, ${inService})
      on conflict (thing_id) do update set in_service = excluded.in_service, updated_at = now()`.execute(
      this.db,
    );
  }

  /** The alarm raised on a thing, if any, and when. */
  raisedAlarm(thingId: string) {
    return this.db
      .selectFrom('thing_states')
      .select(['alarm', 'alarm_raised_at'])
      .where('thing_id', '=', thingId)
      .executeTakeFirst();
  }

  /**
   * Clears the alarm raised at `raisedAt` (the one the user saw) and records who acknowledged it;
   * null when that alarm is not the one raised (none is, or another was raised since).
   */
  async acknowledgeAlarm(thingId: string, raisedAt: Date, userId: string): Promise<StoredState | null> {
    const { rows } = await sql<StoredState>`
      update thing_states s set alarm = null, alarm_raised_at = null, alarm_cleared_through = s.alarm_raised_at,
        alarm_acknowledged_by = ${userId}, alarm_acknowledged_at = now(), updated_at = now()
      where s.thing_id = ${thingId} and s.alarm is not null and s.alarm_raised_at = ${raisedAt.toISOString()}::timestamptz
      returning ${STORED_STATE}`.execute(this.db);
    return rows[0] ?? null;
  }
}

export type StatusSubjectRow = Awaited<ReturnType<TelemetryRepository['statusSubjects']>>[number];
