import { sql, type Kysely } from 'kysely';

/**
 * Hazards: type, severity, point and time; who reported it (a user or an asset, with the name as it
 * was then, so the record outlives them) and, once resolved, who resolved it and when. A photo, when
 * there is one, is a row of its own so lists never read its bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hazards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('hazard_type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reported_by_kind', 'text', (c) => c.notNull())
    .addColumn('reported_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reported_by_thing_id', 'uuid', (c) => c.references('things.id').onDelete('set null'))
    .addColumn('reported_by_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_by_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('hazards_organization_reported_idx')
    .on('hazards')
    .columns(['organization_id', 'reported_at'])
    .execute();
  await db.schema
    .createTable('hazard_photos')
    .addColumn('hazard_id', 'uuid', (c) => c.primaryKey().references('hazards.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hazard_photos').execute();
  await db.schema.dropTable('hazards').execute();
}
