import type { Kysely } from 'kysely';

/**
 * How long (minutes) an active incident on an alerting zone keeps the zone active, from the
 * incident's start. Zones from before take 30, core's default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('alerting_zones')
    .addColumn('default_expiry_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alerting_zones').dropColumn('default_expiry_minutes').execute();
}
