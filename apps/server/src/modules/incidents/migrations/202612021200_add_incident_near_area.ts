import type { Kysely } from 'kysely';

/**
 * The saved area an incident lies in or is near (core's nearestArea), looked up by the incident's
 * place job like its street: it titles the incident when no street does. Null: none within reach, or
 * not looked up yet (incidents from before are titled by street or position, as they were).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('incidents')
    .addColumn('near_area_name', 'text')
    .addColumn('near_area_distance_m', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('incidents')
    .dropColumn('near_area_name')
    .dropColumn('near_area_distance_m')
    .execute();
}
