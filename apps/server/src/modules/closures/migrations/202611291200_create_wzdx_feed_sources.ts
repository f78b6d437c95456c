import { sql, type Kysely } from 'kysely';

/**
 * External WZDx feeds read into an organisation's feed closures: per feed, what the last conditional
 * request needs (ETag, Last-Modified) and how the last poll went (for the health check). A feed
 * closure is found again by its feed and road event id. Also corrects the one location method stored
 * under a name that was not WZDx's (`junction` is `junction-method`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wzdx_feed_sources')
    .addColumn('organization_id', 'uuid', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('version', 'text')
    .addColumn('polled_at', 'timestamptz')
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addPrimaryKeyConstraint('wzdx_feed_sources_pkey', ['organization_id', 'url'])
    .execute();
  // What a feed closure was last saved from, so an unchanged road event is not saved (nor announced) again.
  await db.schema.alterTable('closures').addColumn('feed_fingerprint', 'text').execute();
  await sql`create unique index closures_feed_event_idx on closures (organization_id, feed_url, feed_event_id) where deleted_at is null and closure_type = 'feed'`.execute(
    db,
  );
  await sql`update closures set location_method = 'junction-method' where location_method = 'junction'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index closures_feed_event_idx`.execute(db);
  await db.schema.alterTable('closures').dropColumn('feed_fingerprint').execute();
  await db.schema.dropTable('wzdx_feed_sources').execute();
}
