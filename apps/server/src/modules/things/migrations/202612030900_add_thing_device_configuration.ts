import { sql, type Kysely } from 'kysely';

/**
 * An asset's device configuration (core's things/device-configuration): the integration device model
 * its equipment is wired to (null: none chosen) and how each of the model's ports is used, a JSON
 * object of port to direction (a port left out is not used).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('things')
    .addColumn('device_model', 'text')
    .addColumn('device_ports', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('things').dropColumn('device_model').dropColumn('device_ports').execute();
}
