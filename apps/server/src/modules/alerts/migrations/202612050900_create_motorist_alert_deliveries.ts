import { sql, type Kysely } from 'kysely';

/**
 * How widely motorist alerts went out: each alert's first delivery to a partner's stream or to a
 * vehicle, counted per partner and hour; and the partners' connections open now (each process keeps
 * its own rows fresh, and deletes them as they close).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('motorist_alert_deliveries')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('deliveries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('motorist_alert_deliveries_pkey', ['alert_id', 'recipient', 'channel', 'hour'])
    .execute();
  await db.schema
    .createIndex('motorist_alert_deliveries_organization_idx')
    .on('motorist_alert_deliveries')
    .columns(['organization_id', 'hour'])
    .execute();
  await db.schema
    .createTable('motorist_alert_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('organization_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('api_key_id', 'uuid')
    .addColumn('user_id', 'uuid')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('vehicles', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('motorist_alert_connections').execute();
  await db.schema.dropTable('motorist_alert_deliveries').execute();
}
