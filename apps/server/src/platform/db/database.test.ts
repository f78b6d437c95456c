import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db, type OpenedDatabase } from './database';
import { findMigrations } from './migrations';
import { seedReferenceData, thingTypeId } from '../../seed/reference-data';
import { demoOrganizationId, seedDemoData } from '../../seed/demo-data';

describe('embedded database (PGlite)', () => {
  let db: Db;
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openDatabase({ pgliteDir: 'memory://' });
    ({ db } = opened);
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

  it('runs another client of the connection (runExclusive) only between transactions, not inside one', async () => {
    if (opened.engine !== 'pglite') throw new Error('expected PGlite');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const failing = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('settings').values({ name: 'inside-2', value: '1' }).execute();
        entered();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await inside;
    let ran = false;
    const exclusive = opened.runExclusive(async (client) => {
      ran = true;
      await client.query(`insert into settings (name, value) values ('exclusive', '1')`);
      return client.isInTransaction();
    });
    // The line hands a free connection over in promise callbacks: had it not waited for the
    // transaction, it would have run before this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toBe(false);
    release();
    expect(await failing).toBe('rolled back');
    expect(await exclusive).toBe(false);
    const names = (await db.selectFrom('settings').select('name').execute()).map((r) => r.name);
    expect(names).toContain('exclusive');
    expect(names).not.toContain('inside-2');
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
    const migrator = new Migrator({ db, provider: { getMigrations: findMigrations } });
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

    expect((await migrator.migrateTo('202611231000_add_thing_indexes')).error).toBeUndefined();
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

describe('migration 202611241000_split_thing_states', () => {
  let db: Db;
  afterAll(() => db.destroy());

  it("moves each asset's live state to thing_states, and back down again", async () => {
    ({ db } = await openDatabase({ pgliteDir: 'memory://' }));
    const migrator = new Migrator({ db, provider: { getMigrations: findMigrations } });
    expect((await migrator.migrateTo('202611231200_add_thing_runs')).error).toBeUndefined();
    await seedReferenceData(db);
    await seedDemoData(db, 'First!pass1');
    await sql`insert into things (organization_id, thing_type_id, device_id, lat, lng, status, enroute, in_service,
        heartbeat_at, run_started_at, run_alert_points)
      values (${demoOrganizationId('prairie-fleet')}, ${thingTypeId('tow')}, 'MOVED-1', 39.8, -89.6, 'active', true,
        false, '2026-11-20T10:00:00Z', '2026-11-20T09:50:00Z', 7)`.execute(db);

    await migrateToLatest(db);
    const state = await db
      .selectFrom('thing_states as s')
      .innerJoin('things', 'things.id', 's.thing_id')
      .select([
        's.lat',
        's.lng',
        's.status',
        's.enroute',
        's.in_service',
        's.heartbeat_at',
        's.run_alert_points',
      ])
      .where('things.device_id', '=', 'MOVED-1')
      .executeTakeFirstOrThrow();
    expect(state).toEqual({
      lat: 39.8,
      lng: -89.6,
      status: 'active',
      enroute: true,
      in_service: false,
      heartbeat_at: new Date('2026-11-20T10:00:00Z'),
      run_alert_points: 7,
    });
    const { rows: columns } = await sql<{
      column_name: string;
    }>`select column_name from information_schema.columns
      where table_name = 'things' and column_name in ('lat', 'status', 'heartbeat_at')`.execute(db);
    expect(columns).toEqual([]);
    // The status sweep's order: longest silent first, never checked in before all.
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'thing_states_heartbeat_idx'`.execute(db);
    expect(rows[0]?.indexdef).toMatch(/\(heartbeat_at NULLS FIRST, thing_id\)/);

    // Back down past this migration (and any later one).
    expect((await migrator.migrateTo('202611231200_add_thing_runs')).error).toBeUndefined();
    const { rows: back } = await sql<{
      status: string;
      run_alert_points: number;
    }>`select status, run_alert_points
      from things where device_id = 'MOVED-1'`.execute(db);
    expect(back).toEqual([{ status: 'active', run_alert_points: 7 }]);
  });
});

describe('migration 202612031215_create_closure_history', () => {
  let db: Db;
  afterAll(() => db.destroy());

  it('starts the history of the closures already there with their creation, by whom', async () => {
    ({ db } = await openDatabase({ pgliteDir: 'memory://' }));
    const migrator = new Migrator({ db, provider: { getMigrations: findMigrations } });
    expect((await migrator.migrateTo('202612031100_organization_position')).error).toBeUndefined();
    await seedReferenceData(db);
    await seedDemoData(db, 'First!pass1');
    const { rows: users } = await sql<{ id: string; name: string }>`select id,
        first_name || ' ' || last_name as name from users where email = 'admin@springfield-pd.test'`.execute(
      db,
    );
    const route = JSON.stringify({
      type: 'LineString',
      coordinates: [
        [-89.65, 39.8],
        [-89.64, 39.801],
      ],
    });
    await sql`insert into closures (organization_id, closure_type, description, user_route, route_path,
        is_active, created_by, created_at, deleted_at)
      values (${demoOrganizationId('springfield-pd')}, 'manual', 'Kept', ${route}, ${route}, true,
        ${users[0]!.id}, '2026-11-20T10:00:00Z', null),
      (${demoOrganizationId('springfield-pd')}, 'manual', 'Gone', ${route}, ${route}, false,
        null, '2026-11-20T10:00:00Z', now())`.execute(db);

    await migrateToLatest(db);
    const history = await db
      .selectFrom('closure_history as h')
      .innerJoin('closures as c', 'c.id', 'h.closure_id')
      .select(['c.description', 'h.at', 'h.action', 'h.source', 'h.user_name', 'h.is_active'])
      .execute();
    expect(history).toEqual([
      {
        description: 'Kept',
        at: new Date('2026-11-20T10:00:00Z'),
        action: 'created',
        source: 'user',
        user_name: users[0]!.name,
        is_active: true,
      },
    ]);
    expect((await migrator.migrateTo('202612031100_organization_position')).error).toBeUndefined();
  });
});

describe('migration 202612060900_partition_points', () => {
  let db: Db;
  afterAll(() => db.destroy());

  /** Which partition holds each point, by id. */
  const partitionsOf = async () =>
    (
      await sql<{
        id: string;
        partition: string;
      }>`select id::text, tableoid::regclass::text as partition from points order by id`.execute(db)
    ).rows;

  it('moves the points into their months, keeps their ids counting up, and back down again', async () => {
    ({ db } = await openDatabase({ pgliteDir: 'memory://' }));
    const migrator = new Migrator({ db, provider: { getMigrations: findMigrations } });
    expect((await migrator.migrateTo('202612050900_create_motorist_alert_deliveries')).error).toBeUndefined();
    await seedReferenceData(db);
    await seedDemoData(db, 'First!pass1');
    await sql`insert into things (organization_id, thing_type_id, device_id)
      values (${demoOrganizationId('prairie-fleet')}, ${thingTypeId('tow')}, 'PARTITIONED-1')`.execute(db);
    await sql`insert into points (thing_id, recorded_at, lat, lng, speed)
      select id, at::timestamptz, 39.8, -89.6, 12 from things,
        (values ('2026-10-05T10:00:00Z'), ('2026-11-20T10:00:00Z')) as times (at)
      where device_id = 'PARTITIONED-1'`.execute(db);
    const before = await sql<{ id: string }>`select id::text from points order by id`.execute(db);

    await migrateToLatest(db);
    const { rows: kind } = await sql<{
      relkind: string;
    }>`select relkind from pg_class where relname = 'points'`.execute(db);
    expect(kind).toEqual([{ relkind: 'p' }]);
    expect(await partitionsOf()).toEqual([
      { id: before.rows[0]!.id, partition: 'points_2026_10' },
      { id: before.rows[1]!.id, partition: 'points_2026_11' },
    ]);
    // A resent report still conflicts with the one stored; a new one is numbered after the others.
    const resent = await sql`insert into points (thing_id, recorded_at, lat, lng)
      select thing_id, recorded_at, lat, lng from points
      on conflict (thing_id, recorded_at, lat, lng) do nothing`.execute(db);
    expect(resent.numAffectedRows).toBe(0n);
    await sql`insert into points (thing_id, recorded_at, lat, lng)
      select thing_id, now(), 39.81, -89.6 from points limit 1`.execute(db);
    const after = await partitionsOf();
    expect(after).toHaveLength(3);
    expect(Number(after[2]!.id)).toBeGreaterThan(Number(before.rows[1]!.id));

    expect((await migrator.migrateTo('202612050900_create_motorist_alert_deliveries')).error).toBeUndefined();
    expect(
      (await sql<{ relkind: string }>`select relkind from pg_class where relname = 'points'`.execute(db))
        .rows,
    ).toEqual([{ relkind: 'r' }]);
    expect((await partitionsOf()).map(({ id }) => id)).toEqual(after.map(({ id }) => id));
  });
});
