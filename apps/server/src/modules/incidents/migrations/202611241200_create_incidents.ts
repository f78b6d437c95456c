import { sql, type Kysely } from 'kysely';

/**
 * Incidents (locations in the API): where responders stopped with their lights on, and each asset's
 * stint there. An asset that leaves and comes back keeps one row, reopened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incidents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('number', 'bigserial', (c) => c.notNull().unique())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('start_lat', 'double precision', (c) => c.notNull())
    .addColumn('start_lng', 'double precision', (c) => c.notNull())
    .addColumn('roadway_heading', 'double precision')
    /** Set by a user's edit: the heading no longer follows the arriving assets' courses. */
    .addColumn('heading_edited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('street', 'text')
    .addColumn('alert_message', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('incidents_active_idx')
    .on('incidents')
    .columns(['organization_id'])
    .where(sql.ref('end_time'), 'is', null)
    .execute();
  await db.schema
    .createIndex('incidents_org_start_idx')
    .on('incidents')
    .columns(['organization_id', 'start_time'])
    .execute();
  await db.schema.createIndex('incidents_updated_idx').on('incidents').columns(['updated_at']).execute();

  await db.schema
    .createTable('incident_things')
    .addColumn('incident_id', 'uuid', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    /** The course it arrived on, for the roadway heading. */
    .addColumn('arrival_course', 'double precision')
    .addPrimaryKeyConstraint('incident_things_pk', ['incident_id', 'thing_id'])
    .execute();
  // An asset is on at most one incident at a time.
  await db.schema
    .createIndex('incident_things_on_scene_idx')
    .on('incident_things')
    .column('thing_id')
    .unique()
    .where(sql.ref('end_time'), 'is', null)
    .execute();

  // The secret in an organisation's incident feed URL (Waze for Cities), kept as a SHA-256 hash.
  await db.schema
    .createTable('incident_feed_tokens')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('incident_feed_tokens').execute();
  await db.schema.dropTable('incident_things').execute();
  await db.schema.dropTable('incidents').execute();
}
