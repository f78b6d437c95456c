/**
 * The exports table: what was asked for, and the state of its run. A run holds an export by its
 * `run_id` and reports (rows written, heartbeat) under it; every write of a run is conditional on still
 * holding it, so a run whose export was deleted or taken over finds out at its next report.
 */
import { sql, type Selectable } from 'kysely';
import type { ClosureType } from '@flare/core/schemas/closure';
import type { ExportType } from '@flare/core/schemas/export';
import type { Db } from '../../platform/db/database';
import type { ExportsTable } from './exports.tables';

export type ExportRow = Selectable<ExportsTable> & { requested_by_name: string | null };

export interface NewExport {
  organization_id: string;
  requested_by: string;
  export_type: ExportType;
  title: string;
  export_start_time: Date | null;
  export_end_time: Date | null;
  use_utc: boolean;
  time_zone: string;
  thing_ids: string[];
  include_no_thing_il: boolean;
  closures_to_include: ClosureType[];
}

export class ExportsRepository {
  constructor(private readonly db: Db) {}

  private selectExports() {
    return this.db
      .selectFrom('exports')
      .leftJoin('users', 'users.id', 'exports.requested_by')
      .selectAll('exports')
      .select(
        sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`.as(
          'requested_by_name',
        ),
      );
  }

  /** The organisations' exports, newest first. */
  list(organizationIds: string[]): Promise<ExportRow[]> {
    return this.selectExports()
      .where('exports.organization_id', 'in', organizationIds)
      .orderBy('exports.requested_at', 'desc')
      .orderBy('exports.id')
      .execute();
  }

  find(id: string): Promise<ExportRow | undefined> {
    return this.selectExports().where('exports.id', '=', id).executeTakeFirst();
  }

  findByFile(fileId: string): Promise<ExportRow | undefined> {
    return this.selectExports().where('exports.file_id', '=', fileId).executeTakeFirst();
  }

  async insert(values: NewExport): Promise<string> {
    const row = await this.db
      .insertInto('exports')
      .values({
        ...values,
        thing_ids: JSON.stringify(values.thing_ids),
        closures_to_include: JSON.stringify(values.closures_to_include),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes it; its row as it was (its file may still need removing), or undefined when gone already. */
  async delete(id: string): Promise<{ file_id: string | null } | undefined> {
    return this.db.deleteFrom('exports').where('id', '=', id).returning('file_id').executeTakeFirst();
  }

  /**
   * Takes the export for a run: one still waiting, or one whose run stopped reporting before
   * `staleBefore` (its server died). Starts it afresh; undefined when it is not to be run.
   */
  async claim(id: string, runId: string, staleBefore: Date): Promise<ExportRow | undefined> {
    const claimed = await this.db
      .updateTable('exports')
      .set({
        status: 'in_progress',
        run_id: runId,
        heartbeat_at: sql`now()`,
        attempts: sql`attempts + 1`,
        rows_written: 0,
        rows_total: null,
        error: null,
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'requested'),
          eb.and([eb('status', '=', 'in_progress'), eb('heartbeat_at', '<', staleBefore)]),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    return claimed ? this.find(id) : undefined;
  }

  /** A run's report; false when the run no longer holds the export. */
  async report(id: string, runId: string, rowsWritten: number, rowsTotal: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('exports')
      .set({ rows_written: rowsWritten, rows_total: rowsTotal, heartbeat_at: sql`now()` })
      .where('id', '=', id)
      .where('run_id', '=', runId)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The run's end: completed with its file, or errored with the reason; false when it no longer held it. */
  async finish(
    id: string,
    runId: string,
    outcome:
      { status: 'completed'; fileId: string; rowsWritten: number } | { status: 'errored'; error: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('exports')
      .set(
        outcome.status === 'completed'
          ? {
              status: 'completed',
              file_id: outcome.fileId,
              rows_written: outcome.rowsWritten,
              rows_total: outcome.rowsWritten,
              completed_at: sql`now()`,
              heartbeat_at: sql`now()`,
            }
          : { status: 'errored', error: outcome.error, completed_at: sql`now()`, heartbeat_at: sql`now()` },
      )
      .where('id', '=', id)
      .where('run_id', '=', runId)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The server stops: the export waits for the next run (of this server when it is back, or another). */
  async release(id: string, runId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('exports')
      .set({ status: 'requested', run_id: null, heartbeat_at: null, rows_written: 0, rows_total: null })
      .where('id', '=', id)
      .where('run_id', '=', runId)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Exports to (re)start: those waiting, and those whose run has been silent since `staleBefore`. */
  async unfinished(staleBefore: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('exports')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'requested'),
          eb.and([eb('status', '=', 'in_progress'), eb('heartbeat_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('requested_at')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The organisation's time zone. */
  async timeZone(organizationId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timezone')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return row?.timezone;
  }

  /** Of the assets, those the organisation lists: its own, and those it manages or accesses. */
  async assetsOf(organizationId: string, thingIds: string[]): Promise<Set<string>> {
    if (thingIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('things')
      .select('things.id')
      .where('things.id', 'in', thingIds)
      .where((eb) =>
        eb.or([
          eb('things.organization_id', '=', organizationId),
          eb.exists(
            eb
              .selectFrom('thing_relationships as rel')
              .select(sql`1`.as('one'))
              .whereRef('rel.thing_id', '=', 'things.id')
              .where('rel.organization_id', '=', organizationId),
          ),
        ]),
      )
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}
