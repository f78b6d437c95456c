import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from './database';
import { seedReferenceData } from '../../seed/reference-data';
import { seedDemoData } from '../../seed/demo-data';

describe('embedded database (PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    ({ db } = await openDatabase({ pgliteDir: 'memory://' }));
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('migrating again applies nothing', async () => {
    const { results } = await migrateToLatest(db);
    expect(results).toEqual([]);
  });

  it('keeps a transaction to itself: a query from elsewhere waits and is not rolled back with it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('settings').values({ name: 'inside', value: '1' }).execute();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    const outside = db.insertInto('settings').values({ name: 'outside', value: '1' }).execute();
    release();
    expect(await failing).toBe('rolled back');
    await outside;
    const names = (await db.selectFrom('settings').select('name').execute()).map((r) => r.name);
    expect(names).toContain('outside');
    expect(names).not.toContain('inside');
  });

  it('seeds reference and demo data idempotently', async () => {
    const count = async () =>
      (
        await sql<{
          n: number;
        }>`select (select count(*) from users) + (select count(*) from organizations) + (select count(*) from role_permissions) + (select count(*) from thing_subtypes) as n`.execute(
          db,
        )
      ).rows[0]!.n;
    await seedReferenceData(db);
    const password = await seedDemoData(db, 'First!pass1');
    const first = await count();
    await seedReferenceData(db);
    expect(await seedDemoData(db, 'Other!pass2')).toBe(password);
    expect(await count()).toBe(first);
    expect(first).toBeGreaterThan(20);
  });
});
