/**
 * The rows of an export, read in batches without holding them all: on PostgreSQL through server-side
 * cursors (pg-cursor) on a connection of the export's own, in one read-only snapshot; on the embedded
 * PGlite (one connection shared with every request) page by page, each page after the last row's key,
 * so other queries run between pages. Either way the order is the same: an export reads as a list of
 * segments (points: one per asset), each ordered by a unique key.
 */
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { ClosureType } from '@flare/core/schemas/closure';
import type { ExportType } from '@flare/core/schemas/export';
import type { Db, OpenedDatabase } from '../../platform/db/database';

/** What one export covers. */
export interface ExportScope {
  type: ExportType;
  organizationId: string;
  start: Date | null;
  end: Date | null;
  thingIds: string[];
  includeNoThing: boolean;
  closureTypes: ClosureType[];
}

/** Rows per page on PGlite: fewer, larger pages cost less there (each page is a query). */
const PAGE_ROWS = 5_000;
/** Rows per cursor read on PostgreSQL: two batches are in memory at once (one read ahead). */
const CURSOR_ROWS = 500;

/** The part of a Kysely select query a reader needs (ordered by the segment's key). */
interface OrderedQuery<R> {
  limit(rows: number): { execute(): Promise<R[]> };
  compile(): CompiledQuery<R>;
}

interface Segment<R> {
  /** The rows in key order; given the previous page, the page after it. */
  query(previous: R[] | null): OrderedQuery<R>;
  /** The count of its rows. */
  count(): { compile(): CompiledQuery<{ n: number }>; executeTakeFirstOrThrow(): Promise<{ n: number }> };
}

export interface PointRow {
  id: number;
  thing_id: string;
  recorded_at: Date;
  received_at: Date;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  hdop: number | null;
  battery: number | null;
  charging: boolean | null;
  alerting: boolean;
  in_service: boolean | null;
  alarm: string | null;
  driver_unique_id: string | null;
  valid: boolean;
  accepted: boolean;
}

export interface IncidentRow {
  id: string;
  number: string | number;
  start_time: Date;
  end_time: Date | null;
  lat: number;
  lng: number;
  street: string | null;
  alert_message: string;
  thing_id: string | null;
  arrived_at: Date | null;
  left_at: Date | null;
  /** Keys of the asset's stint (the epoch and a nil id for incidents without assets). */
  stint_key_time: Date;
  stint_key_thing: string;
}

export interface AssetRow {
  id: string;
  name: string;
  device_id: string;
  type: string | null;
  subtype: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  registry_number: string | null;
  is_active: boolean;
  is_publicly_alerting: boolean;
  r2r_enabled: boolean;
  wzdx_enabled: boolean;
  status: string | null;
  in_service: boolean | null;
  enroute: boolean | null;
  heartbeat_at: Date | null;
  position_at: Date | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  street: string | null;
  battery: number | null;
  charging: boolean | null;
  alarm: string | null;
  run_started_at: Date | null;
}

export interface ClosureRow {
  id: string;
  closure_type: string;
  description: string;
  alert_message: string | null;
  is_active: boolean;
  is_scheduled: boolean;
  start_time: Date | null;
  end_time: Date | null;
  last_start_time: Date | null;
  direction: string | null;
  impacted_lanes: number[];
  street_start: string | null;
  street_end: string | null;
  thing_id: string | null;
  asset_name: string | null;
  is_publish_on: boolean;
  external_id: string | null;
  location_method: string | null;
  vehicle_impact: string | null;
  route_path: unknown;
  created_at: Date;
  updated_at: Date;
}

export type ExportRowOf<T extends ExportType> = {
  incident: IncidentRow;
  point: PointRow;
  thing: AssetRow;
  closure: ClosureRow;
}[T];

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export class ExportRowsRepository {
  private readonly db: Db;

  constructor(private readonly database: OpenedDatabase) {
    this.db = database.db;
  }

  /** The assets' names (nickname, else the device id) and device ids, ordered by name. */
  async assets(thingIds: string[]): Promise<Array<{ id: string; name: string; device_id: string }>> {
    if (thingIds.length === 0) return [];
    return this.db
      .selectFrom('things')
      .select(['id', 'device_id', sql<string>`coalesce(nickname, device_id)`.as('name')])
      .where('id', 'in', thingIds)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /**
   * Opens a read of the export's rows: `total` counted first, then `batches` in order. `close` ends it
   * (always call it, also after a failure or when stopping early).
   */
  async open<T extends ExportType>(scope: ExportScope & { type: T }, orderedThingIds: string[]) {
    const segments = this.segments(scope, orderedThingIds) as Array<Segment<ExportRowOf<T>>>;
    return this.database.engine === 'postgres'
      ? PostgresRead.open(this.database.url, segments)
      : new PageRead(segments);
  }

  private segments(scope: ExportScope, orderedThingIds: string[]): Array<Segment<unknown>> {
    switch (scope.type) {
      case 'point':
        return orderedThingIds.map((thingId) => this.pointSegment(thingId, scope.start!, scope.end!));
      case 'incident':
        return [this.incidentSegment(scope)];
      case 'thing':
        return [this.assetSegment(scope.thingIds)];
      case 'closure':
        return [this.closureSegment(scope)];
    }
  }

  /**
   * Every stored report of the asset in the range, by time (then position: the order of the unique
   * index on asset, time and position, so neither engine sorts). A page goes on from the last time,
   * leaving out the reports at that time already read.
   */
  private pointSegment(thingId: string, start: Date, end: Date): Segment<PointRow> {
    const base = () =>
      this.db
        .selectFrom('points')
        .where('thing_id', '=', thingId)
        .where('recorded_at', '>=', start)
        .where('recorded_at', '<', end);
    const read = { time: start, ids: [] as number[] };
    return {
      query: (previous) => {
        const last = previous?.at(-1);
        if (previous && last) {
          const at = last.recorded_at.getTime();
          if (at !== read.time.getTime()) Object.assign(read, { time: last.recorded_at, ids: [] });
          for (const point of previous) if (point.recorded_at.getTime() === at) read.ids.push(point.id);
        }
        return base()
          .select([
            'id',
            'thing_id',
            'recorded_at',
            'received_at',
            'lat',
            'lng',
            'speed',
            'course',
            'altitude',
            'accuracy',
            'hdop',
            'battery',
            'charging',
            'alerting',
            'in_service',
            'alarm',
            'driver_unique_id',
            'valid',
            'accepted',
          ])
          .$if(previous !== null, (q) =>
            q
              .where('recorded_at', '>=', read.time)
              .where((eb) => eb.or([eb('recorded_at', '>', read.time), eb('id', 'not in', read.ids)])),
          )
          .orderBy('recorded_at')
          .orderBy('lat')
          .orderBy('lng');
      },
      count: () => base().select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /**
   * Incidents that started in the range, one row per chosen asset's stint at them (by arrival), and,
   * when asked, one row for each incident no asset was at.
   */
  private incidentSegment(scope: ExportScope): Segment<IncidentRow> {
    const stintTime = sql<Date>`coalesce(s.start_time, '1970-01-01T00:00:00Z'::timestamptz)`;
    const stintThing = sql<string>`coalesce(s.thing_id, ${NIL_UUID}::uuid)`;
    const base = () =>
      this.db
        .selectFrom('incidents as i')
        .leftJoin('incident_things as s', (join) =>
          join.onRef('s.incident_id', '=', 'i.id').on('s.thing_id', 'in', scope.thingIds),
        )
        .where('i.organization_id', '=', scope.organizationId)
        .where('i.start_time', '>=', scope.start!)
        .where('i.start_time', '<', scope.end!)
        .where((eb) =>
          eb.or([
            eb('s.thing_id', 'is not', null),
            ...(scope.includeNoThing
              ? [
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('incident_things as any_stint')
                        .select(sql`1`.as('one'))
                        .whereRef('any_stint.incident_id', '=', 'i.id'),
                    ),
                  ),
                ]
              : []),
          ]),
        );
    return {
      query: (previous) => {
        const after = previous?.at(-1) ?? null;
        return base()
          .select([
            'i.id',
            'i.number',
            'i.start_time',
            'i.end_time',
            'i.lat',
            'i.lng',
            'i.street',
            'i.alert_message',
            's.thing_id',
            's.start_time as arrived_at',
            's.end_time as left_at',
            stintTime.as('stint_key_time'),
            stintThing.as('stint_key_thing'),
          ])
          .$if(after !== null, (q) =>
            q.where(
              sql<boolean>`(i.start_time, i.id, ${stintTime}, ${stintThing}) > (${after!.start_time}, ${after!.id}::uuid, ${after!.stint_key_time}, ${after!.stint_key_thing}::uuid)`,
            ),
          )
          .orderBy('i.start_time')
          .orderBy('i.id')
          .orderBy(stintTime)
          .orderBy(stintThing);
      },
      count: () => base().select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /** The assets with their profile and current state, by name. */
  private assetSegment(thingIds: string[]): Segment<AssetRow> {
    const name = sql<string>`coalesce(t.nickname, t.device_id)`;
    const base = () => this.db.selectFrom('things as t').where('t.id', 'in', thingIds);
    return {
      query: (previous) => {
        const after = previous?.at(-1) ?? null;
        return base()
          .leftJoin('thing_types as ty', 'ty.id', 't.thing_type_id')
          .leftJoin('thing_subtypes as sub', 'sub.id', 't.thing_subtype_id')
          .leftJoin('thing_states as st', 'st.thing_id', 't.id')
          .select([
            't.id',
            name.as('name'),
            't.device_id',
            'ty.display_name as type',
            'sub.display_name as subtype',
            't.vin_number',
            't.license_plate_number',
            't.registry_number',
            't.is_active',
            't.is_publicly_alerting',
            't.r2r_enabled',
            't.wzdx_enabled',
            'st.status',
            'st.in_service',
            'st.enroute',
            'st.heartbeat_at',
            'st.position_at',
            'st.lat',
            'st.lng',
            'st.speed',
            'st.course',
            'st.street',
            'st.battery',
            'st.charging',
            'st.alarm',
            'st.run_started_at',
          ])
          .$if(after !== null, (q) =>
            q.where(sql<boolean>`(${name}, t.id) > (${after!.name}, ${after!.id}::uuid)`),
          )
          .orderBy(name)
          .orderBy('t.id');
      },
      count: () => base().select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /**
   * The organisation's closures of the chosen types or assets that were in place during the range
   * (from their start, or their creation, to their end, if any), by creation.
   */
  private closureSegment(scope: ExportScope): Segment<ClosureRow> {
    const base = () =>
      this.db
        .selectFrom('closures as c')
        .leftJoin('things as t', 't.id', 'c.thing_id')
        .where('c.organization_id', '=', scope.organizationId)
        .where('c.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            ...(scope.closureTypes.length > 0 ? [eb('c.closure_type', 'in', scope.closureTypes)] : []),
            ...(scope.thingIds.length > 0 ? [eb('c.thing_id', 'in', scope.thingIds)] : []),
          ]),
        )
        .where(sql<boolean>`coalesce(c.start_time, c.created_at) < ${scope.end!}`)
        .where((eb) => eb.or([eb('c.end_time', 'is', null), eb('c.end_time', '>=', scope.start!)]));
    return {
      query: (previous) => {
        const after = previous?.at(-1) ?? null;
        return base()
          .select([
            'c.id',
            'c.closure_type',
            'c.description',
            'c.alert_message',
            'c.is_active',
            'c.is_scheduled',
            'c.start_time',
            'c.end_time',
            'c.last_start_time',
            'c.direction',
            'c.impacted_lanes',
            'c.street_start',
            'c.street_end',
            'c.thing_id',
            sql<string | null>`coalesce(t.nickname, t.device_id)`.as('asset_name'),
            'c.is_publish_on',
            'c.external_id',
            'c.location_method',
            'c.vehicle_impact',
            'c.route_path',
            'c.created_at',
            'c.updated_at',
          ])
          .$if(after !== null, (q) =>
            q.where((eb) =>
              eb(eb.refTuple('c.created_at', 'c.id'), '>', eb.tuple(after!.created_at, after!.id)),
            ),
          )
          .orderBy('c.created_at')
          .orderBy('c.id');
      },
      count: () => base().select(sql<number>`count(*)::int`.as('n')),
    };
  }
}

/** The database failed while an export's rows were read. */
export class ExportReadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ExportReadError(error);
  }
}

/** A read under way. */
export interface ExportRead<R> {
  /** The rows counted when the read began (the snapshot's on PostgreSQL). */
  total(): Promise<number>;
  batches(): AsyncGenerator<R[]>;
  close(): Promise<void>;
}

/** PGlite: each segment page by page, each page after the previous one's last key. */
class PageRead<R> implements ExportRead<R> {
  constructor(private readonly segments: Array<Segment<R>>) {}

  async total(): Promise<number> {
    let total = 0;
    for (const segment of this.segments)
      total += (await reading(() => segment.count().executeTakeFirstOrThrow())).n;
    return total;
  }

  async *batches(): AsyncGenerator<R[]> {
    for (const segment of this.segments) {
      let previous: R[] | null = null;
      for (;;) {
        const rows: R[] = await reading(() => segment.query(previous).limit(PAGE_ROWS).execute());
        if (rows.length > 0) yield rows;
        if (rows.length < PAGE_ROWS) break;
        previous = rows;
      }
    }
  }

  async close(): Promise<void> {}
}

/**
 * PostgreSQL: a connection of its own (no statement timeout: a cursor lives as long as the export), in
 * a read-only repeatable-read transaction, so the count and every segment see the same data. The next
 * batch is asked for while the current one is written.
 */
class PostgresRead<R> implements ExportRead<R> {
  private constructor(
    private readonly client: pg.Client,
    private readonly segments: Array<Segment<R>>,
  ) {}

  static async open<R>(url: string, segments: Array<Segment<R>>): Promise<PostgresRead<R>> {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'flare-export',
      statement_timeout: 0,
      connectionTimeoutMillis: 10_000,
    });
    // A connection lost mid-export fails the read that is waiting on it; this keeps the process up.
    client.on('error', () => undefined);
    await reading(() => client.connect());
    try {
      await client.query('begin isolation level repeatable read read only');
    } catch (error) {
      await client.end();
      throw new ExportReadError(error);
    }
    return new PostgresRead(client, segments);
  }

  async total(): Promise<number> {
    let total = 0;
    for (const segment of this.segments) {
      const { sql: text, parameters } = segment.count().compile();
      const { rows } = await reading(() => this.client.query<{ n: number }>(text, [...parameters]));
      total += rows[0]!.n;
    }
    return total;
  }

  async *batches(): AsyncGenerator<R[]> {
    for (const segment of this.segments) {
      const { sql: text, parameters } = segment.query(null).compile();
      const cursor = this.client.query(new Cursor<R>(text, [...parameters]));
      let next: Promise<R[]> = cursor.read(CURSOR_ROWS);
      try {
        for (;;) {
          const rows = await reading(() => next);
          if (rows.length === 0) break;
          next = rows.length < CURSOR_ROWS ? Promise.resolve([]) : cursor.read(CURSOR_ROWS);
          yield rows;
        }
      } finally {
        await next.catch(() => undefined);
        await cursor.close().catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    await this.client.query('rollback').catch(() => undefined);
    await this.client.end().catch(() => undefined);
  }
}
