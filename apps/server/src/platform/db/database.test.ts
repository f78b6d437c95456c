import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from './database';
import { migrations } from './migrations/index';
import { seedReferenceData, thingTypeId } from '../../seed/reference-data';
import { demoOrganizationId, seedDemoData } from '../../seed/demo-data';

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

describe('migration 202611231000_add_thing_indexes', () => {
  let db: Db;
  afterAll(() => db.destroy());

  it('numbers nicknames an organisation already has twice (any case), then enforces one per asset', async () => {
    ({ db } = await openDatabase({ pgliteDir: 'memory://' }));
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const before = await migrator.migrateTo('202611222000_create_things');
    expect(before.error).toBeUndefined();
    await seedReferenceData(db);
    await seedDemoData(db, 'First!pass1');
    const org = demoOrganizationId('prairie-fleet');
    const other = demoOrganizationId('springfield-pd');
    const thing = (device_id: string, nickname: string | null, organization_id = org, minutes = 0) => ({
      device_id,
      nickname,
      organization_id,
      thing_type_id: thingTypeId('tow'),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
    });
    await db
      .insertInto('things')
      .values([
        thing('D1', 'Tow', org, 1),
        thing('D2', 'tow', org, 2),
        thing('D3', 'TOW', org, 3),
        thing('D4', 'Tow', other, 4),
        thing('D5', null, org, 5),
        thing('D6', null, org, 6),
        thing('D7', 'x'.repeat(50), org, 7),
        thing('D8', 'X'.repeat(50), org, 8),
      ])
      .execute();

    await migrateToLatest(db);
    const nicknames = await db
      .selectFrom('things')
      .select(['device_id', 'nickname'])
      .orderBy('device_id')
      .execute();
    expect(nicknames).toEqual([
      { device_id: 'D1', nickname: 'Tow' },
      { device_id: 'D2', nickname: 'tow (2)' },
      { device_id: 'D3', nickname: 'TOW (3)' },
      { device_id: 'D4', nickname: 'Tow' },
      { device_id: 'D5', nickname: null },
      { device_id: 'D6', nickname: null },
      { device_id: 'D7', nickname: 'x'.repeat(50) },
      { device_id: 'D8', nickname: `${'X'.repeat(46)} (2)` },
    ]);
    await expect(db.insertInto('things').values(thing('D9', 'TOW (2)')).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'things_organization_nickname_key',
    });
    await db.insertInto('things').values(thing('D9', null)).execute();

    // The status sweep's order: longest silent first, never checked in before all.
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'things_heartbeat_idx'`.execute(db);
    expect(rows[0]?.indexdef).toMatch(/\(heartbeat_at NULLS FIRST, id\)/);
  });
});
