/** An asset's profile and live state together, as tests read them. */
import type { Insertable } from 'kysely';
import type { Db } from '../src/platform/db/database';
import type { ThingStatesTable } from '../src/modules/things/things.tables';

export function thingWithState(db: Db, deviceId: string) {
  return (
    db
      .selectFrom('things')
      // A thing that never reported may have no state row yet.
      .leftJoin('thing_states as s', 's.thing_id', 'things.id')
      .selectAll('s')
      .select(['things.id', 'things.device_id', 'things.is_active'])
      .where('things.device_id', '=', deviceId)
      .executeTakeFirstOrThrow()
  );
}

/** Sets an asset's live state as a test needs it (creating the state row if it has none yet). */
export async function setState(
  db: Db,
  thingId: string,
  values: Omit<Insertable<ThingStatesTable>, 'thing_id'>,
) {
  await db
    .insertInto('thing_states')
    .values({ thing_id: thingId, ...values })
    .onConflict((oc) => oc.column('thing_id').doUpdateSet(values))
    .execute();
}
