import { sql, type Kysely } from 'kysely';

/**
 * Devices authenticate with a credential of their own, not with the System Id people see in the
 * dashboard (which is guessable). Only the credential's SHA-256 is kept: it is 144 random bits, so a
 * slow hash adds nothing, and a lookup by hash stays one index probe.
 *
 * Assets that existed before this migration keep reporting with their System Id (marked legacy), so
 * an upgrade does not cut off a fleet; an administrator gives each a credential and clears the mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('things')
    .addColumn('device_credential_hash', 'text')
    .addColumn('device_credential_created_at', 'timestamptz')
    .addColumn('legacy_device_id', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update things set legacy_device_id = true`.execute(db);
  await db.schema
    .createIndex('things_device_credential_key')
    .unique()
    .on('things')
    .column('device_credential_hash')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('things_device_credential_key').execute();
  await db.schema
    .alterTable('things')
    .dropColumn('device_credential_hash')
    .dropColumn('device_credential_created_at')
    .dropColumn('legacy_device_id')
    .execute();
}
