import { sql, type Kysely } from 'kysely';

/** R2R alerts: an alerting responder came near another R2R-enabled asset; both positions and the distance. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('r2r_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('alerting_thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('alerted_thing_id', 'uuid', (c) => c.notNull().references('things.id').onDelete('cascade'))
    .addColumn('alerting_lat', 'double precision', (c) => c.notNull())
    .addColumn('alerting_lng', 'double precision', (c) => c.notNull())
    .addColumn('alerted_lat', 'double precision', (c) => c.notNull())
    .addColumn('alerted_lng', 'double precision', (c) => c.notNull())
    .addColumn('distance_m', 'double precision', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('r2r_alerts_alerting_idx')
    .on('r2r_alerts')
    .columns(['alerting_thing_id', 'at'])
    .execute();
  await db.schema
    .createIndex('r2r_alerts_alerted_idx')
    .on('r2r_alerts')
    .columns(['alerted_thing_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('r2r_alerts').execute();
}
