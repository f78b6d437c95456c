import { sql, type Kysely } from 'kysely';

/**
 * Each of an organisation's public feeds (incidents for Waze, work zones in WZDx) gets a secret of its
 * own, kept so that whoever manages the feed can copy its URL again; renewing one no longer ends the
 * other. The token is looked up by its SHA-256 hash. A secret made before this kept only its hash: it
 * goes on working for both feeds, and its URL can be seen again only by making a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_tokens')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('incidents', 'work_zones')`))
    /** Null for a secret made before secrets were kept (only its hash is known). */
    .addColumn('token', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('feed_tokens_pkey', ['organization_id', 'kind'])
    .addUniqueConstraint('feed_tokens_kind_token_hash_key', ['kind', 'token_hash'])
    .execute();
  await sql`insert into feed_tokens (organization_id, kind, token_hash, created_at)
    select organization_id, kind, token_hash, created_at
    from incident_feed_tokens cross join (values ('incidents'), ('work_zones')) as kinds(kind)`.execute(db);
  await db.schema.dropTable('incident_feed_tokens').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_feed_tokens')
    .addColumn('organization_id', 'uuid', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into incident_feed_tokens (organization_id, token_hash, created_at)
    select organization_id, token_hash, created_at from feed_tokens where kind = 'incidents'`.execute(db);
  await db.schema.dropTable('feed_tokens').execute();
}
