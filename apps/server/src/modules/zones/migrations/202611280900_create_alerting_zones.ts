import { sql, type Kysely } from 'kysely';

/**
 * Alerting zones (wrong-way-driver hotspots): a line as GeoJSON and the hotspot id its organisation
 * gave it, unique among the organisation's zones that are not deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerting_zones')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('zone_type', 'text', (c) => c.notNull())
    .addColumn('hotspot_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('alert_message', 'text')
    .addColumn('geometry', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index alerting_zones_hotspot_idx on alerting_zones (organization_id, hotspot_id) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alerting_zones').execute();
}
