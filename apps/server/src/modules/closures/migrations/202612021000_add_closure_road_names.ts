import { sql, type Kysely } from 'kysely';

/**
 * A closure's road names (WZDx `road_names`), a JSON array of strings: typed on the form, else the
 * streets the geocoder found at the route's ends. Closures saved before get those streets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('closures')
    .addColumn('road_names', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`update closures set road_names = case
      when street_start is not null and street_end is not null and street_start <> street_end
        then jsonb_build_array(street_start, street_end)
      else jsonb_build_array(coalesce(street_start, street_end))
    end
    where coalesce(street_start, street_end) is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('closures').dropColumn('road_names').execute();
}
