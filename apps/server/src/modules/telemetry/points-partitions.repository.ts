/**
 * The monthly partitions of `points` (migration 202612060900_partition_points): which there are, adding
 * a month (with whatever the default partition holds of it), dropping one, and emptying the default
 * partition of what is older than a date.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export interface PointsMonth {
  /** `points_YYYY_MM`. */
  name: string;
  /** The month's first instant (UTC), and the next month's. */
  from: Date;
  to: Date;
}

const MONTH_PARTITION = /^points_\d{4}_\d{2}$/;
/** Rows deleted from the default partition per statement (each well within the statement timeout). */
const DELETE_BATCH = 10_000;

export class PointsPartitionsRepository {
  constructor(private readonly db: Db) {}

  /** The names of the monthly partitions attached to `points`. */
  async monthNames(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = 'points'`.execute(this.db);
    return rows.map((row) => row.name).filter((name) => MONTH_PARTITION.test(name));
  }

  /**
   * Adds the month's partition, moving into it what the default partition holds of the month (points
   * that arrived while it was missing), all in one transaction: PostgreSQL refuses a partition whose
   * rows the default partition already has.
   */
  async addMonth({ name, from, to }: PointsMonth): Promise<void> {
    assertMonthName(name);
    const table = sql.table(name);
    // Partition bounds are literals (DDL takes no parameters); ISO dates need no escaping.
    const [start, end] = [sql.lit(from.toISOString()), sql.lit(to.toISOString())];
    await this.db.transaction().execute(async (trx) => {
      await sql`create table ${table} (like points including defaults including constraints)`.execute(trx);
      await sql`with moved as (
          delete from points_default where recorded_at >= ${from} and recorded_at < ${to} returning *
        )
        insert into ${table} select * from moved`.execute(trx);
      await sql`alter table points attach partition ${table} for values from (${start}) to (${end})`.execute(
        trx,
      );
    });
  }

  async dropMonth(name: string): Promise<void> {
    assertMonthName(name);
    await sql`drop table ${sql.table(name)}`.execute(this.db);
  }

  /** Deletes what the default partition holds from before `cutoff`, in batches; how many rows. */
  async deleteDefaultBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await sql`delete from points_default where ctid in (
          select ctid from points_default where recorded_at < ${cutoff} limit ${DELETE_BATCH}
        )`.execute(this.db);
      const count = Number(result.numAffectedRows ?? 0);
      deleted += count;
      if (count < DELETE_BATCH) return deleted;
    }
  }
}

function assertMonthName(name: string): void {
  if (!MONTH_PARTITION.test(name)) throw new Error(`not a monthly partition of points: ${name}`);
}
