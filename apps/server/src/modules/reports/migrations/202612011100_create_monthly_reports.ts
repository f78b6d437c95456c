import { sql, type Kysely } from 'kysely';

/**
 * Monthly reports: one PDF per organisation and calendar month (in its time zone), kept under the data
 * folder's files. A month built before it ended covers the month to date (its period ends before the
 * month does) and is replaced by the whole month's once the month is over, or by a later build.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monthly_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull().check(sql`month between 1 and 12`))
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    /** The end of what the report counts: the month's end, or its build time for a month to date. */
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull())
    /** Who asked for it on demand; null when the monthly job built it. */
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('monthly_reports_organization_month_key', ['organization_id', 'year', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monthly_reports').execute();
}
