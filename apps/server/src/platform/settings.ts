/** Install-wide values kept in the database so every server process on it agrees (e.g. the JWT key). */
import type { Db } from './db/database';

/** Returns the stored value, storing `create()` first when there is none. Safe under concurrent starts. */
export async function getOrCreateSetting(db: Db, name: string, create: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
