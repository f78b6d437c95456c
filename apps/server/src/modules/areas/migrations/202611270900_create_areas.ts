import { sql, type Kysely } from 'kysely';

/**
 * Areas (exclusion zones in the API): the shape as GeoJSON (a polygon, or a point for points of
 * interest; legacy circles have neither, only a radius in miles) plus its bounding box, which works
 * alike on PGlite and PostgreSQL without PostGIS. `thing_states.station_id` is the station area an
 * asset is parked at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('areas')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('ez_type_id', 'uuid', (c) => c.notNull().references('ez_types.id'))
    .addColumn('thing_id', 'uuid', (c) => c.references('things.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('lat', 'float8', (c) => c.notNull())
    .addColumn('lng', 'float8', (c) => c.notNull())
    .addColumn('radius_miles', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('area_geom', 'jsonb')
    .addColumn('point_geom', 'jsonb')
    .addColumn('min_lng', 'float8', (c) => c.notNull())
    .addColumn('min_lat', 'float8', (c) => c.notNull())
    .addColumn('max_lng', 'float8', (c) => c.notNull())
    .addColumn('max_lat', 'float8', (c) => c.notNull())
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country_code', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('areas_organization_idx')
    .on('areas')
    .columns(['organization_id', 'deleted_at'])
    .execute();
  await db.schema
    .alterTable('thing_states')
    // Derived by the pipeline from the position; a deleted area's assets are cleared by the delete.
    .addColumn('station_id', 'uuid')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thing_states').dropColumn('station_id').execute();
  await db.schema.dropTable('areas').execute();
}
