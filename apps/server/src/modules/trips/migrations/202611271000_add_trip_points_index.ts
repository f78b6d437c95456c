import { sql, type Kysely } from 'kysely';

/**
 * Trips read one asset's accepted points of a window, oldest first: a partial index on (thing, time)
 * that carries the columns a trip needs answers that from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index points_trip_idx on points (thing_id, recorded_at)
    include (id, lat, lng, speed, course, alerting) where accepted and lat is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_trip_idx').execute();
}
