import { sql, type Kysely } from 'kysely';

/**
 * An organisation's map position (where its maps open when it has nothing to show yet) may be unset:
 * the columns were filled with 0, 0 (a point in the Gulf of Guinea), which now means unset. Both are
 * set or neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .alterColumn('lat', (c) => c.dropNotNull())
    .alterColumn('lat', (c) => c.dropDefault())
    .alterColumn('lng', (c) => c.dropNotNull())
    .alterColumn('lng', (c) => c.dropDefault())
    .execute();
  await sql`update organizations set lat = null, lng = null where lat = 0 and lng = 0`.execute(db);
  await sql`alter table organizations add constraint organizations_position_check
    check ((lat is null) = (lng is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations drop constraint organizations_position_check`.execute(db);
  await sql`update organizations set lat = 0, lng = 0 where lat is null`.execute(db);
  await db.schema
    .alterTable('organizations')
    .alterColumn('lat', (c) => c.setNotNull())
    .alterColumn('lat', (c) => c.setDefault(0))
    .alterColumn('lng', (c) => c.setNotNull())
    .alterColumn('lng', (c) => c.setDefault(0))
    .execute();
}
