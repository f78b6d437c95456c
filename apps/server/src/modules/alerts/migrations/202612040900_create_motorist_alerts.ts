import { sql, type Kysely } from 'kysely';

/**
 * Motorist alerts as partners last heard them: each organisation's active alerts, and the numbered
 * changes that led there (created, updated, ended), kept for a while so a stream can resume.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('motorist_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('alert', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('motorist_alerts_organization_idx')
    .on('motorist_alerts')
    .column('organization_id')
    .execute();
  await db.schema
    .createTable('motorist_alert_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('alert', 'jsonb', (c) => c.notNull())
    .addColumn('previous_geometry', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('motorist_alert_events_organization_idx')
    .on('motorist_alert_events')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .createIndex('motorist_alert_events_created_idx')
    .on('motorist_alert_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('motorist_alert_events').execute();
  await db.schema.dropTable('motorist_alerts').execute();
}
