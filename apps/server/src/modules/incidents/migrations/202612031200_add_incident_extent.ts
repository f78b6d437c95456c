import type { Kysely } from 'kysely';

/**
 * An incident's extent set in Edit Location: a line, circle or polygon (core's IncidentExtent) as
 * JSON; null while it is only its point.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('extent', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incidents').dropColumn('extent').execute();
}
