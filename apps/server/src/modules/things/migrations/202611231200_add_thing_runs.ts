import { sql, type Kysely } from 'kysely';

/**
 * An asset's current run (what the detail panel shows as Start, Run Time, Alert Points, and
 * Time-to-Scene on arrival): when it turned active, and how many of its reports since had the alert on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('things').addColumn('run_started_at', 'timestamptz').execute();
  await db.schema
    .alterTable('things')
    .addColumn('run_alert_points', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // Assets already responding started their run when they turned active.
  await sql`update things set run_started_at = status_changed_at where status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('things').dropColumn('run_alert_points').execute();
  await db.schema.alterTable('things').dropColumn('run_started_at').execute();
}
