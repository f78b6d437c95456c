import { sql, type Kysely } from 'kysely';

/**
 * A device that resends a report whose answer it never got (the answer was lost, not the report) must
 * not leave the point twice: points are unique on thing, time and position (a check-in without a
 * position too: NULLS NOT DISTINCT). The unique index replaces the (thing, time) index it starts with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from points a using points b
    where a.id > b.id and a.thing_id = b.thing_id and a.recorded_at = b.recorded_at
      and a.lat is not distinct from b.lat and a.lng is not distinct from b.lng`.execute(db);
  await sql`create unique index points_report_key on points (thing_id, recorded_at, lat, lng) nulls not distinct`.execute(
    db,
  );
  await db.schema.dropIndex('points_thing_time_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('points_thing_time_idx')
    .on('points')
    .columns(['thing_id', 'recorded_at'])
    .execute();
  await db.schema.dropIndex('points_report_key').execute();
}
