import { sql, type Kysely } from 'kysely';

/**
 * Road closures: the user's route points and the driving route as GeoJSON lines, the times (to the
 * minute), the work-zone publishing fields (the work-zone id unique among the organisation's closures
 * that are not deleted), and for feed closures the feed and the road event's id they come from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('closures')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('closure_type', 'text', (c) => c.notNull())
    .addColumn('thing_id', 'uuid', (c) => c.references('things.id').onDelete('set null'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_in_service', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('alert_message', 'text')
    .addColumn('direction', 'text')
    .addColumn('impacted_lanes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('user_route', 'jsonb', (c) => c.notNull())
    .addColumn('route_path', 'jsonb', (c) => c.notNull())
    .addColumn('street_start', 'text')
    .addColumn('street_end', 'text')
    .addColumn('is_scheduled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('last_start_time', 'timestamptz')
    .addColumn('is_publish_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('external_id', 'text')
    .addColumn('location_method', 'text')
    .addColumn('vehicle_impact', 'text')
    .addColumn('group_id', 'text')
    .addColumn('is_wzdx_compliant', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feed_url', 'text')
    .addColumn('feed_event_id', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('closures_organization_idx')
    .on('closures')
    .columns(['organization_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('closures_thing_idx').on('closures').column('thing_id').execute();
  await sql`create unique index closures_external_id_idx on closures (organization_id, external_id) where deleted_at is null and external_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('closures').execute();
}
