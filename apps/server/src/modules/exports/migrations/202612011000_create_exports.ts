import { sql, type Kysely } from 'kysely';

/**
 * Data exports: what was asked for (type, range, assets, closure types, time zone), by whom, and how
 * its job is doing: status, rows written of those counted at the start, the run holding it and when
 * that run last reported (a run that stops reporting died with its server and is started again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('export_type', 'text', (c) =>
      c.notNull().check(sql`export_type in ('incident', 'point', 'thing', 'closure')`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('export_start_time', 'timestamptz')
    .addColumn('export_end_time', 'timestamptz')
    .addColumn('use_utc', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('thing_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('include_no_thing_il', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('closures_to_include', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ('requested', 'in_progress', 'errored', 'completed')`),
    )
    .addColumn('rows_written', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'bigint')
    .addColumn('file_id', 'text')
    .addColumn('error', 'text')
    .addColumn('run_id', 'uuid')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('exports_organization_idx')
    .on('exports')
    .columns(['organization_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('exports_unfinished_idx')
    .on('exports')
    .column('heartbeat_at')
    .where(sql.ref('status'), 'in', sql`('requested', 'in_progress')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exports').execute();
}
