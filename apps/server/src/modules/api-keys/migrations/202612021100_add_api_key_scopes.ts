import { sql, type Kysely } from 'kysely';

/**
 * What each API key may do (core's API_KEY_SCOPES), a JSON array. Keys made before read assets and
 * report positions, as they always could.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', 'jsonb', (c) =>
      c.notNull().defaultTo(sql`'["assets:read", "positions:write"]'::jsonb`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('scopes').execute();
}
