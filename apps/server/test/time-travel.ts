/**
 * Time passing for a scheduled closure without waiting for it: its start and end, and the due times
 * of its pending schedule jobs, move `ms` into the past, as they would stand had the clock moved `ms`
 * on. A job's due time is compared with the database's own clock (pg-boss: `start_after < now()`),
 * which no clock a test injects into the server reaches; moving what is stored is the same to the
 * code under test.
 */
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';
import { closureScheduleJob } from '../src/modules/closures/closure-schedule.job';

const earlier = (time: Date | null, ms: number) => (time ? new Date(time.getTime() - ms) : null);

export async function moveClosureScheduleBack(db: Db, closureId: string, ms: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closure = await trx
      .selectFrom('closures')
      .select(['start_time', 'end_time'])
      .where('id', '=', closureId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('closures')
      .set({ start_time: earlier(closure.start_time, ms), end_time: earlier(closure.end_time, ms) })
      .where('id', '=', closureId)
      .execute();
    const jobs = await sql<{ id: string; data: { at: string }; start_after: Date }>`
      select id, data, start_after from pgboss.job
      where name = ${closureScheduleJob.name} and state < 'active' and data->>'closure_id' = ${closureId}`.execute(
      trx,
    );
    for (const job of jobs.rows) {
      const at = new Date(new Date(job.data.at).getTime() - ms).toISOString();
      await sql`update pgboss.job set start_after = ${earlier(job.start_after, ms)},
        data = jsonb_set(data, '{at}', to_jsonb(${at}::text)) where id = ${job.id}`.execute(trx);
    }
  });
}
