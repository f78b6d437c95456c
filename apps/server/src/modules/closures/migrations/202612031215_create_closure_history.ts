import { sql, type Kysely } from 'kysely';

/**
 * A closure's activity history: each change (added, switched on or off, changed, back to standby by
 * its asset, deleted), who made it (a user, named as then, or the schedule, the asset or the feed) and
 * whether the closure was active after it. Closures already there start with their creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('closure_history')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('closure_id', 'uuid', (c) => c.notNull().references('closures.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .execute();
  await sql`create index closure_history_closure_idx on closure_history (closure_id, at desc)`.execute(db);
  await sql`insert into closure_history (closure_id, at, action, source, user_id, user_name, is_active)
    select c.id, c.created_at, 'created', case when c.closure_type = 'feed' then 'feed' else 'user' end,
      c.created_by, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email), c.is_active
    from closures c left join users u on u.id = c.created_by
    where c.deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('closure_history').execute();
}
