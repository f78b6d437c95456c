/**
 * The rows of an export, written as CSV records without holding them all. The database formats every
 * cell (export-columns.ts), in the export's time zone (the session's, set for the read only).
 *
 * - PostgreSQL writes the CSV itself: `COPY (SELECT ...) TO STDOUT WITH CSV`, on a connection of the
 *   export's own, in one read-only snapshot, streamed into the file (its line ends made CRLF on the
 *   way, csv-records.ts). No row is decoded in JavaScript: this is what makes a million rows take
 *   seconds, not tens of seconds.
 * - The embedded PGlite (one connection shared with every request) is read page by page, each page
 *   after the last row's key, so other queries run between pages; csv-stringify writes the records.
 *
 * Either way the order is the same: an export reads as a list of segments (points: one per asset),
 * each ordered by a unique key.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ClosureType } from '@flare/core/schemas/closure';
import type { ExportType } from '@flare/core/schemas/export';
import { copyCsvStatement } from '../../platform/db/copy-statement';
import type { Db, OpenedDatabase } from '../../platform/db/database';
import { columnsOf, type ColumnContext, type CsvColumn } from './export-columns.repository';
import { CSV_RECORDS, CrlfRecords } from './csv-records';

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

/** An asset of the export: its name (nickname, else the device id) and device id. */
export interface ExportAsset {
  id: string;
  name: string;
  device_id: string;
}

/** Rows per page on PGlite: fewer, larger pages cost less there (each page is a query). */
const PAGE_ROWS = 5_000;

/** A row of a page: its key columns (`key_...`) and its cells (`c0`, `c1`, ...). */
type PageRow = Record<string, unknown>;

interface Segment {
  columns: CsvColumn[];
  /**
   * The rows' cells in key order; `paged` adds the key columns and, after a first page, keeps to the
   * rows after `previous`.
   */
  query(
    db: Db,
    paged: { previous: PageRow[] | null } | null,
  ): Compilable<PageRow> & { limit(rows: number): { execute(): Promise<PageRow[]> } };
  /** The count of its rows. */
  count(db: Db): Compilable<{ n: number }> & { executeTakeFirstOrThrow(): Promise<{ n: number }> };
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const cellsOf = (columns: CsvColumn[]) => columns.map((column, i) => column.cell.as(`c${i}`));

export class ExportRowsRepository {
  private readonly db: Db;

  constructor(private readonly database: OpenedDatabase) {
    this.db = database.db;
  }

  /** The assets, ordered by name. */
  async assets(thingIds: string[]): Promise<ExportAsset[]> {
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
   * Opens a read of the export's rows, in `timeZone`: `total` counted first, then `write`. `close`
   * ends it (always call it, also after a failure or when stopping early).
   */
  async open(scope: ExportScope, orderedAssets: ExportAsset[], timeZone: string): Promise<ExportRead> {
    const segments = this.segments(scope, orderedAssets, timeZone);
    return this.database.engine === 'postgres'
      ? PostgresRead.open(this.database.url, this.db, segments, timeZone)
      : new PageRead(this.db, segments, timeZone);
  }

  private segments(scope: ExportScope, orderedAssets: ExportAsset[], timeZone: string): Segment[] {
    switch (scope.type) {
      case 'point':
        return orderedAssets.map((asset) =>
          this.pointSegment(asset, scope.start!, scope.end!, { timeZone, asset }),
        );
      case 'incident':
        return [this.incidentSegment(scope, { timeZone })];
      case 'thing':
        return [this.assetSegment(scope.thingIds, { timeZone })];
      case 'closure':
        return [this.closureSegment(scope, { timeZone })];
    }
  }

  /**
   * Every stored report of the asset in the range, by time (then position: the order of the unique
   * index on asset, time and position, so neither engine sorts). A page goes on from the last time,
   * leaving out the reports at that time already read.
   */
  private pointSegment(asset: ExportAsset, start: Date, end: Date, context: ColumnContext): Segment {
    const columns = columnsOf('point', context);
    const base = (db: Db) =>
      db
        .selectFrom('points as p')
        .where('p.thing_id', '=', asset.id)
        .where('p.recorded_at', '>=', start)
        .where('p.recorded_at', '<', end);
    const read = { time: start, ids: [] as number[] };
    return {
      columns,
      query: (db, paged) => {
        const last = paged?.previous?.at(-1);
        if (paged?.previous && last) {
          const at = (last.key_time as Date).getTime();
          if (at !== read.time.getTime()) Object.assign(read, { time: last.key_time, ids: [] });
          for (const point of paged.previous)
            if ((point.key_time as Date).getTime() === at) read.ids.push(point.key_id as number);
        }
        return base(db)
          .select(cellsOf(columns))
          .$if(paged !== null, (q) => q.select(['p.id as key_id', 'p.recorded_at as key_time']))
          .$if(!!last, (q) =>
            q
              .where('p.recorded_at', '>=', read.time)
              .where((eb) => eb.or([eb('p.recorded_at', '>', read.time), eb('p.id', 'not in', read.ids)])),
          )
          .orderBy('p.recorded_at')
          .orderBy('p.lat')
          .orderBy('p.lng');
      },
      count: (db) => base(db).select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /**
   * Incidents that started in the range, one row per chosen asset's stint at them (by arrival), and,
   * when asked, one row for each incident no asset was at.
   */
  private incidentSegment(scope: ExportScope, context: ColumnContext): Segment {
    const columns = columnsOf('incident', context);
    const stintTime = sql<Date>`coalesce(s.start_time, '1970-01-01T00:00:00Z'::timestamptz)`;
    const stintThing = sql<string>`coalesce(s.thing_id, ${NIL_UUID}::uuid)`;
    const base = (db: Db) =>
      db
        .selectFrom('incidents as i')
        .leftJoin('incident_things as s', (join) =>
          join.onRef('s.incident_id', '=', 'i.id').on('s.thing_id', 'in', scope.thingIds),
        )
        .leftJoin('things as t', 't.id', 's.thing_id')
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
      columns,
      query: (db, paged) => {
        const after = paged?.previous?.at(-1);
        return base(db)
          .select(cellsOf(columns))
          .$if(paged !== null, (q) =>
            q.select([
              'i.start_time as key_start',
              'i.id as key_id',
              stintTime.as('key_stint_time'),
              stintThing.as('key_stint_thing'),
            ]),
          )
          .$if(!!after, (q) =>
            q.where(
              sql<boolean>`(i.start_time, i.id, ${stintTime}, ${stintThing}) > (${after!.key_start}, ${after!.key_id}::uuid, ${after!.key_stint_time}, ${after!.key_stint_thing}::uuid)`,
            ),
          )
          .orderBy('i.start_time')
          .orderBy('i.id')
          .orderBy(stintTime)
          .orderBy(stintThing);
      },
      count: (db) => base(db).select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /** The assets with their profile and current state, by name. */
  private assetSegment(thingIds: string[], context: ColumnContext): Segment {
    const columns = columnsOf('thing', context);
    const name = sql<string>`coalesce(t.nickname, t.device_id)`;
    const base = (db: Db) => db.selectFrom('things as t').where('t.id', 'in', thingIds);
    return {
      columns,
      query: (db, paged) => {
        const after = paged?.previous?.at(-1);
        return base(db)
          .leftJoin('thing_types as ty', 'ty.id', 't.thing_type_id')
          .leftJoin('thing_subtypes as sub', 'sub.id', 't.thing_subtype_id')
          .leftJoin('thing_states as st', 'st.thing_id', 't.id')
          .select(cellsOf(columns))
          .$if(paged !== null, (q) => q.select([name.as('key_name'), 't.id as key_id']))
          .$if(!!after, (q) =>
            q.where(sql<boolean>`(${name}, t.id) > (${after!.key_name}, ${after!.key_id}::uuid)`),
          )
          .orderBy(name)
          .orderBy('t.id');
      },
      count: (db) => base(db).select(sql<number>`count(*)::int`.as('n')),
    };
  }

  /**
   * The organisation's closures of the chosen types or assets that were in place during the range
   * (from their start, or their creation, to their end, if any), by creation.
   */
  private closureSegment(scope: ExportScope, context: ColumnContext): Segment {
    const columns = columnsOf('closure', context);
    const base = (db: Db) =>
      db
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
      columns,
      query: (db, paged) => {
        const after = paged?.previous?.at(-1);
        return base(db)
          .select(cellsOf(columns))
          .$if(paged !== null, (q) => q.select(['c.created_at as key_created', 'c.id as key_id']))
          .$if(!!after, (q) =>
            q.where(sql<boolean>`(c.created_at, c.id) > (${after!.key_created}, ${after!.key_id}::uuid)`),
          )
          .orderBy('c.created_at')
          .orderBy('c.id');
      },
      count: (db) => base(db).select(sql<number>`count(*)::int`.as('n')),
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
export interface ExportRead {
  /** The rows counted when the read began (the snapshot's on PostgreSQL). */
  total(): Promise<number>;
  /**
   * Writes every row as a CSV record (no header) into `out`, leaving it open, telling `onRecords` how
   * many more are written as they go; stops with the signal's reason when it aborts.
   */
  write(out: Writable, onRecords: (count: number) => void, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** PGlite: each segment page by page (each page in the export's time zone), csv-stringify writing. */
class PageRead implements ExportRead {
  constructor(
    private readonly db: Db,
    private readonly segments: Segment[],
    private readonly timeZone: string,
  ) {}

  async total(): Promise<number> {
    let total = 0;
    for (const segment of this.segments)
      total += (await reading(() => segment.count(this.db).executeTakeFirstOrThrow())).n;
    return total;
  }

  async write(out: Writable, onRecords: (count: number) => void, signal: AbortSignal): Promise<void> {
    const csv = stringify(CSV_RECORDS);
    const written = pipeline(csv, out, { end: false });
    written.catch(() => undefined);
    try {
      for (const segment of this.segments) {
        const names = segment.columns.map((_, i) => `c${i}`);
        let previous: PageRow[] | null = null;
        for (;;) {
          signal.throwIfAborted();
          const rows = await reading(() => this.page(segment, previous));
          for (const row of rows)
            // Waits while the file is behind, so memory holds a page at most.
            if (!csv.write(names.map((name) => row[name]))) await Promise.race([once(csv, 'drain'), written]);
          onRecords(rows.length);
          if (rows.length < PAGE_ROWS) break;
          previous = rows;
        }
      }
      signal.throwIfAborted();
      csv.end();
      await written;
    } finally {
      csv.destroy();
    }
  }

  private page(segment: Segment, previous: PageRow[] | null): Promise<PageRow[]> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('TimeZone', ${this.timeZone}, true)`.execute(trx);
      return segment.query(trx, { previous }).limit(PAGE_ROWS).execute();
    });
  }

  async close(): Promise<void> {}
}

/**
 * PostgreSQL: a connection of its own (no statement timeout: a read lives as long as the export), in a
 * read-only repeatable-read transaction in the export's time zone, so the count and every segment see
 * the same data; each segment is one COPY streamed into the file.
 */
class PostgresRead implements ExportRead {
  private constructor(
    private readonly client: pg.Client,
    /** Builds the queries (they run on `client`). */
    private readonly db: Db,
    private readonly segments: Segment[],
  ) {}

  static async open(url: string, db: Db, segments: Segment[], timeZone: string): Promise<PostgresRead> {
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
      await client.query(`select set_config('TimeZone', $1, true)`, [timeZone]);
    } catch (error) {
      await client.end();
      throw new ExportReadError(error);
    }
    return new PostgresRead(client, db, segments);
  }

  private run<R>(query: CompiledQuery<R>) {
    return reading(() => this.client.query<R & pg.QueryResultRow>(query.sql, [...query.parameters]));
  }

  async total(): Promise<number> {
    let total = 0;
    for (const segment of this.segments)
      total += (await this.run(segment.count(this.db).compile())).rows[0]!.n;
    return total;
  }

  async write(out: Writable, onRecords: (count: number) => void, signal: AbortSignal): Promise<void> {
    const { client, db, segments } = this;
    let readFailed: unknown = null;
    // One pipeline for all the segments, one COPY after another: a pipeline per segment would leave
    // its listeners on `out` (kept open), hundreds of them for an export of hundreds of assets.
    async function* copies() {
      for (const segment of segments) {
        const copy = client.query(copyTo(copyCsvStatement(segment.query(db, null).compile())));
        copy.once('error', (error) => (readFailed = error));
        yield* copy;
      }
    }
    try {
      await pipeline(copies, new CrlfRecords(onRecords), out, { end: false, signal });
    } catch (error) {
      throw readFailed && !signal.aborted ? new ExportReadError(readFailed) : error;
    }
  }

  /** Ending the connection ends its transaction, and a COPY still under way (a stopped export). */
  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
