/**
 * Keyed cron schedules: several per job (one per organisation, say), each with its own payload.
 *
 * pg-boss 10 keeps one schedule per queue (its schedule table's key is the queue name; keys only
 * came in pg-boss 11), and a queue per key would need a polling worker per key. So the schedules
 * live in a small table of our own next to pg-boss's (created at start, like pg-boss's own), and
 * every process checks them every `scheduleCheckSeconds`:
 *
 * - a schedule is due when its latest fire time (its cron in its time zone, at the database's
 *   clock) is later than both its last fire and its last change;
 * - the job then sent has an id made of the job, the key and the fire time, so when several
 *   processes find it due at once pg-boss keeps one (ON CONFLICT DO NOTHING on the job's id), and
 *   `fired_on` remembers it after the job itself is archived;
 * - a fire missed while no server ran is sent once at the next check (the latest one only).
 */
import { createHash } from 'node:crypto';
import cronParser from 'cron-parser';
import type { SqlExecutor } from './sql-executor';

export interface ScheduleInfo {
  key: string;
  cron: string;
  tz: string;
  payload: object;
}

export interface DueFire {
  name: string;
  key: string;
  payload: object;
  fireAt: Date;
  /** The same for every process that finds this fire due. */
  jobId: string;
}

/** Throws when the cron expression or the time zone is not valid. */
export function checkCron(cron: string, tz: string): void {
  new Intl.DateTimeFormat('en', { timeZone: tz }); // RangeError for an unknown zone
  cronParser.parseExpression(cron, { tz });
}

/** A UUID (version 8: made from a hash) naming one fire of one schedule. */
export function fireJobId(name: string, key: string, fireAt: Date): string {
  const bytes = createHash('sha256').update(`${name}\n${key}\n${fireAt.toISOString()}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class KeyedSchedules {
  private readonly table: string;

  constructor(
    private readonly sql: SqlExecutor,
    private readonly schema: string,
  ) {
    this.table = `${schema}.flare_schedule`;
  }

  /** Creates the table if missing; several processes may start at once (advisory lock). */
  async install(): Promise<void> {
    await this.sql.executeSql(`
      BEGIN;
      SELECT pg_advisory_xact_lock(hashtext(current_database() || '.${this.schema}.flare_schedule'));
      CREATE TABLE IF NOT EXISTS ${this.table} (
        name text NOT NULL,
        key text NOT NULL,
        cron text NOT NULL,
        tz text NOT NULL,
        data jsonb NOT NULL,
        created_on timestamptz NOT NULL DEFAULT now(),
        updated_on timestamptz NOT NULL DEFAULT now(),
        fired_on timestamptz,
        PRIMARY KEY (name, key)
      );
      COMMIT;
    `);
  }

  /** Adds or replaces a schedule. Setting it again unchanged (at every start, say) changes nothing. */
  async upsert(name: string, key: string, cron: string, tz: string, payload: object): Promise<void> {
    await this.sql.executeSql(
      `INSERT INTO ${this.table} AS s (name, key, cron, tz, data) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name, key) DO UPDATE
         SET cron = EXCLUDED.cron, tz = EXCLUDED.tz, data = EXCLUDED.data, updated_on = now()
         WHERE (s.cron, s.tz, s.data) IS DISTINCT FROM (EXCLUDED.cron, EXCLUDED.tz, EXCLUDED.data)`,
      [name, key, cron, tz, JSON.stringify(payload)],
    );
  }

  /** Whether there was such a schedule. */
  async remove(name: string, key: string): Promise<boolean> {
    const { rows } = await this.sql.executeSql(
      `DELETE FROM ${this.table} WHERE name = $1 AND key = $2 RETURNING key`,
      [name, key],
    );
    return rows.length > 0;
  }

  async list(name: string): Promise<ScheduleInfo[]> {
    const { rows } = await this.sql.executeSql(
      `SELECT key, cron, tz, data FROM ${this.table} WHERE name = $1 ORDER BY key`,
      [name],
    );
    return rows.map((row) => ({
      key: row.key as string,
      cron: row.cron as string,
      tz: row.tz as string,
      payload: row.data as object,
    }));
  }

  /** The schedules due now, each with the fire time it is due for. */
  async due(): Promise<DueFire[]> {
    const { rows } = await this.sql.executeSql(
      `SELECT name, key, cron, tz, data, greatest(fired_on, updated_on) AS since, now() AS now
       FROM ${this.table}`,
    );
    const due: DueFire[] = [];
    for (const row of rows) {
      const [name, key] = [row.name as string, row.key as string];
      let fireAt: Date;
      try {
        const cron = cronParser.parseExpression(row.cron as string, {
          tz: row.tz as string,
          currentDate: new Date(row.now as Date | string),
        });
        fireAt = cron.prev().toDate();
      } catch {
        continue; // checked when set; a time zone the runtime no longer knows is skipped
      }
      if (fireAt.getTime() <= new Date(row.since as Date | string).getTime()) continue;
      due.push({ name, key, payload: row.data as object, fireAt, jobId: fireJobId(name, key, fireAt) });
    }
    return due;
  }

  async markFired(fire: DueFire): Promise<void> {
    await this.sql.executeSql(
      `UPDATE ${this.table} SET fired_on = $3
       WHERE name = $1 AND key = $2 AND (fired_on IS NULL OR fired_on < $3)`,
      [fire.name, fire.key, fire.fireAt.toISOString()],
    );
  }
}
