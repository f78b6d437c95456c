/**
 * The exports API (`/api/organization/export`): the payload rules and messages (nothing stored on a
 * refusal), who may list, ask for and delete exports (only their creator), other organisations' exports
 * and assets, the statuses a run goes through, each type's CSV read back with a CSV parser and compared
 * with the database, a failed run ending errored with its reason, and the signed file link.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { EXPORT_MESSAGES, ExportSchema, type Export } from '@flare/core/schemas/export';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exportRunJob } from './export-run.job';
import { exportSweepJob } from './export-sweep.job';

let t: TestApp;
/**
 * A police department (SPD) with two cars that report and two that do not, and its users; a
 * road-works organisation (CRW) with its admin and an asset. Ids fixed here, as the cases name them.
 */
const SPD = randomUUID();
const CRW = randomUUID();
const CAR_1 = randomUUID();
const CAR_2 = randomUUID();
const CAR_3 = randomUUID();
const CAR_5 = randomUUID();
const ROADWORKS_THING = randomUUID();
let ADMIN: string;
let ORG_ADMIN: string;
let USER: string;
let MEDIA: string;
let ROADWORKS: string;
const PATH = '/api/organization/export';

/** The day the seeded data lies in. */
const DAY_START = new Date('2026-11-29T06:00:00.000Z');
const DAY_END = new Date('2026-11-30T06:00:00.000Z');
/** More than one cursor batch or page (5,000 rows), with reports sharing a time. */
const POINTS = 12_003;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0', JOB_POLL_MS: '500' });
  const given = fixtures(t);
  await given.organization({ id: SPD });
  await given.organization({ id: CRW, type: 'road_works' });
  for (const [id, name] of [
    [CAR_1, 'Patrol 101'],
    [CAR_2, 'Patrol 102'],
    [CAR_3, 'Patrol 103'],
    [CAR_5, 'Patrol 105'],
  ] as const)
    await given.asset(SPD, { id, name });
  await given.asset(CRW, { id: ROADWORKS_THING, type: 'maintenance' });
  ADMIN = (await given.user(SPD, 'ADMIN')).email;
  ORG_ADMIN = (await given.user(SPD, 'MANUFACTURER_ADMIN')).email;
  USER = (await given.user(SPD, 'USER')).email;
  MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  ROADWORKS = (await given.user(CRW, 'ADMIN')).email;
  await seedPoints();
  await seedIncidents();
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, email: string, payload?: object) =>
  t.as(email).request(method, url, payload);

const pointsPayload = (patch: Record<string, unknown> = {}) => ({
  export_type: 'point',
  title: 'Points Export 29-Nov-2026',
  export_start_time: DAY_START.toISOString(),
  export_end_time: DAY_END.toISOString(),
  use_utc: true,
  organization_id: SPD,
  thing_uuids: [CAR_1, CAR_2],
  ...patch,
});

async function seedPoints(): Promise<void> {
  const rows = Array.from({ length: POINTS }, (_, n) => ({
    thing_id: n % 3 === 0 ? CAR_2 : CAR_1,
    // Every fifth report shares its time with the one before (another position).
    recorded_at: new Date(DAY_START.getTime() + Math.floor(n - (n % 5 === 4 ? 1 : 0)) * 5_000),
    received_at: new Date(DAY_START.getTime() + n * 5_000 + 700),
    lat: n % 97 === 0 ? null : 39.78 + n / 1e6,
    lng: n % 97 === 0 ? null : -89.65 + n / 1e6,
    speed: n % 11 === 0 ? null : (n % 30) + 0.25,
    course: (n * 7) % 360,
    battery: 80,
    charging: n % 2 === 0,
    alerting: n % 13 === 0,
    accepted: n % 17 !== 0,
    in_service: true,
    alarm: n === 42 ? 'sos' : null,
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await t.db
      .insertInto('points')
      .values(rows.slice(i, i + 1_000))
      .execute();
  // Outside the range or of another asset: not exported.
  await t.db
    .insertInto('points')
    .values([
      { thing_id: CAR_1, recorded_at: DAY_END, lat: 39.7, lng: -89.6 },
      { thing_id: CAR_3, recorded_at: DAY_START, lat: 39.7, lng: -89.6 },
    ])
    .execute();
}

let incidentIds: string[] = [];
async function seedIncidents(): Promise<void> {
  const at = (minutes: number) => new Date(DAY_START.getTime() + minutes * 60_000);
  const incidents = await t.db
    .insertInto('incidents')
    .values([
      {
        organization_id: SPD,
        lat: 39.8,
        lng: -89.6,
        start_lat: 39.8,
        start_lng: -89.6,
        street: 'Main St, "North"',
        alert_message: 'Crash\nlane 1',
        start_time: at(10),
        end_time: at(55),
      },
      {
        organization_id: SPD,
        lat: 39.81,
        lng: -89.61,
        start_lat: 39.81,
        start_lng: -89.61,
        street: null,
        near_area_name: 'Station 2',
        near_area_distance_m: 350,
        alert_message: 'Stalled vehicle',
        start_time: at(90),
        end_time: null,
      },
      {
        organization_id: SPD,
        lat: 39.82,
        lng: -89.62,
        start_lat: 39.82,
        start_lng: -89.62,
        street: 'Elm St',
        alert_message: 'No asset',
        start_time: at(120),
        end_time: at(130),
      },
      {
        organization_id: SPD,
        lat: 39.83,
        lng: -89.63,
        start_lat: 39.83,
        start_lng: -89.63,
        street: 'Oak St',
        alert_message: 'Out of range',
        start_time: at(-10),
        end_time: at(5),
      },
    ])
    .returning('id')
    .execute();
  incidentIds = incidents.map((row) => row.id);
  await t.db
    .insertInto('incident_things')
    .values([
      { incident_id: incidentIds[0]!, thing_id: CAR_1, start_time: at(12), end_time: at(50) },
      { incident_id: incidentIds[0]!, thing_id: CAR_2, start_time: at(11), end_time: at(55) },
      {
        incident_id: incidentIds[0]!,
        thing_id: CAR_5,
        start_time: at(11),
        end_time: null,
      },
      { incident_id: incidentIds[1]!, thing_id: CAR_2, start_time: at(91), end_time: null },
      { incident_id: incidentIds[3]!, thing_id: CAR_1, start_time: at(-9), end_time: at(5) },
    ])
    .execute();
}

async function created(email: string, payload: object): Promise<Export> {
  const response = await call('POST', PATH, email, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ExportSchema.parse(response.json());
}

async function listed(email = ADMIN, query = ''): Promise<Export[]> {
  const response = await call('GET', `${PATH}${query}`, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Export[]>();
}

async function finished(id: string): Promise<Export> {
  let current: Export | undefined;
  await expect
    .poll(
      async () => {
        current = (await listed()).find((e) => e.id === id);
        return current?.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toMatch(/^(completed|errored)$/);
  return current!;
}

/** The completed export's file, downloaded through its signed link, parsed back. */
async function csvOf(
  exported: Export,
  email = ADMIN,
): Promise<{ header: string[]; records: Record<string, string>[]; raw: string }> {
  const link = await call('GET', `${PATH}/file/${exported.file_id}`, email);
  expect(link.statusCode, link.body).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: link.json<{ file_url: string }>().file_url });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  expect(download.headers['content-disposition']).toContain(`filename="${exported.title}.csv"`);
  const raw = download.body;
  const rows: string[][] = parse(raw, { bom: true });
  const [header, ...data] = rows;
  return {
    header: header!,
    records: data.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))),
    raw,
  };
}

/** A database value as the CSV writes it in UTC. */
const cell = (value: string | number | boolean | Date | null | undefined) =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);

/**
 * A measurement as the export writes it: empty when missing, else at most `decimals` decimals and
 * within half a unit of the last one from the stored value (the database rounds half away from zero).
 */
function expectRounded(written: string | undefined, stored: number | null, decimals: number): void {
  if (stored === null) return expect(written).toBe('');
  expect(written).toMatch(new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`));
  expect(Math.abs(Number(written) - stored)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

describe('asking for exports', () => {
  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['without a title', { title: '   ' }, EXPORT_MESSAGES.titleRequired],
    [
      'for an organisation that is no uuid',
      { organization_id: 'springfield' },
      EXPORT_MESSAGES.organizationInvalid,
    ],
    [
      'over more than 31 days',
      { export_end_time: new Date(DAY_START.getTime() + 31 * 86_400_000 + 1).toISOString() },
      EXPORT_MESSAGES.rangeTooLong,
    ],
    ['without an asset', { thing_uuids: [] }, EXPORT_MESSAGES.assetRequired],
    ['without a range', { export_start_time: null }, EXPORT_MESSAGES.rangeRequired],
    ['ending before it starts', { export_end_time: DAY_START.toISOString() }, EXPORT_MESSAGES.endBeforeStart],
    [
      'of closures with neither a closure type nor an asset',
      { export_type: 'closure', thing_uuids: [], closures_to_include: [] },
      EXPORT_MESSAGES.closureTypeOrAsset,
    ],
    [
      "of another organisation's asset",
      { thing_uuids: [CAR_1, ROADWORKS_THING] },
      EXPORT_MESSAGES.unknownAsset,
    ],
  ];
  it.each(refusals)('refuses an export %s, storing nothing', async (_, patch, message) => {
    const before = await listed();
    const response = await call('POST', PATH, ADMIN, pointsPayload(patch));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ message });
    expect(await listed()).toEqual(before);
  });

  it('refuses an organisation the caller does not see as not found', async () => {
    const response = await call('POST', PATH, ROADWORKS, pointsPayload({ thing_uuids: [ROADWORKS_THING] }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MESSAGES.organizationNotFound });
  });

  it('needs the export create permission; viewing needs export read or manage', async () => {
    expect((await call('POST', PATH, MEDIA, pointsPayload())).statusCode).toBe(403);
    expect((await call('GET', PATH, MEDIA)).statusCode).toBe(403);
  });

  it('needs no range for an asset export, and stores none', async () => {
    const exported = await created(USER, {
      ...pointsPayload({ export_type: 'thing', title: 'Assets Export 29-Nov-2026' }),
      export_start_time: null,
      export_end_time: null,
    });
    expect(exported).toMatchObject({ export_type: 'thing', export_start_time: null, export_end_time: null });
    expect((await finished(exported.id)).status).toBe('completed');
  });
});

describe('an export run', () => {
  it('is requested, then in progress, then completed with its rows, its file and 100 %', async () => {
    const exported = await created(ADMIN, pointsPayload());
    expect(exported).toMatchObject({
      status: 'requested',
      progress: 0,
      rows_written: 0,
      requested_by_name: expect.any(String),
      time_zone: 'UTC',
      file_id: null,
    });
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const now = (await listed()).find((e) => e.id === exported.id)!;
          seen.add(now.status);
          return now.status;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe('completed');
    const done = await finished(exported.id);
    expect(done).toMatchObject({
      progress: 100,
      rows_written: POINTS,
      file_id: `${exported.id}.csv`,
      error: null,
    });
    expect(done.completed_at).not.toBeNull();
    expect([...seen].every((status) => ['requested', 'in_progress', 'completed'].includes(status))).toBe(
      true,
    );
  });

  it('writes every stored report of the chosen assets in the range, as in the database', async () => {
    const done = await finished((await created(ADMIN, pointsPayload())).id);
    const { header, records, raw } = await csvOf(done);
    expect(raw.startsWith('\ufeffasset_id,asset_name,device_id,recorded_at,')).toBe(true);
    expect(raw).toContain('\r\n');
    expect(header).toEqual([
      'asset_id',
      'asset_name',
      'device_id',
      'recorded_at',
      'received_at',
      'latitude',
      'longitude',
      'speed_mps',
      'course_deg',
      'altitude_m',
      'accuracy_m',
      'hdop',
      'battery_percent',
      'charging',
      'alerting',
      'in_service',
      'alarm',
      'driver_id',
      'valid',
      'accepted',
    ]);
    const names = new Map(
      (
        await t.db
          .selectFrom('things')
          .select(['id', 'nickname', 'device_id'])
          .where('id', 'in', [CAR_1, CAR_2])
          .execute()
      ).map((r) => [r.id, r]),
    );
    const stored = await t.db
      .selectFrom('points')
      .selectAll()
      .where('thing_id', 'in', [CAR_1, CAR_2])
      .where('recorded_at', '>=', DAY_START)
      .where('recorded_at', '<', DAY_END)
      .orderBy('thing_id')
      .orderBy('recorded_at')
      .orderBy('lat')
      .orderBy('lng')
      .execute();
    expect(records).toHaveLength(POINTS);
    // Assets by name (Patrol 101, Patrol 102), each by time, then position.
    const byAsset = [CAR_1, CAR_2].flatMap((id) => stored.filter((p) => p.thing_id === id));
    const expected = byAsset.map((p) => ({
      asset_id: p.thing_id,
      asset_name: names.get(p.thing_id)!.nickname ?? names.get(p.thing_id)!.device_id,
      device_id: names.get(p.thing_id)!.device_id,
      recorded_at: new Date(p.recorded_at).toISOString(),
      received_at: new Date(p.received_at).toISOString(),
      battery_percent: cell(p.battery),
      charging: cell(p.charging),
      alerting: cell(p.alerting),
      in_service: cell(p.in_service),
      alarm: cell(p.alarm),
      driver_id: cell(p.driver_unique_id),
      valid: cell(p.valid),
      accepted: cell(p.accepted),
    }));
    const measures = {
      latitude: 6,
      longitude: 6,
      speed_mps: 1,
      course_deg: 1,
      altitude_m: 1,
      accuracy_m: 1,
      hdop: 1,
    };
    const storedOf = (p: (typeof byAsset)[number]) => ({
      latitude: p.lat,
      longitude: p.lng,
      speed_mps: p.speed,
      course_deg: p.course,
      altitude_m: p.altitude,
      accuracy_m: p.accuracy,
      hdop: p.hdop,
    });
    records.forEach((record, i) => {
      for (const [column, decimals] of Object.entries(measures))
        expectRounded(record[column], storedOf(byAsset[i]!)[column as keyof typeof measures], decimals);
    });
    const unrounded = records.map((record) =>
      Object.fromEntries(Object.entries(record).filter(([column]) => !(column in measures))),
    );
    expect(unrounded).toEqual(expected);
  });

  it("writes times in the organisation's time zone with its offset unless UTC is asked for", async () => {
    const done = await finished(
      (await created(ADMIN, pointsPayload({ use_utc: false, thing_uuids: [CAR_2] }))).id,
    );
    expect(done.time_zone).toBe('America/Chicago');
    const { records } = await csvOf(done);
    expect(records[0]!.recorded_at).toBe('2026-11-29T00:00:00.000-06:00');
    expect(Date.parse(records[0]!.recorded_at!)).toBe(DAY_START.getTime());
  });

  it('writes the incidents of the range with their chosen assets, and those without assets when asked', async () => {
    const payload = pointsPayload({
      export_type: 'incident',
      title: 'Incidents Export',
      include_no_thing_il: true,
    });
    const { records } = await csvOf(await finished((await created(ADMIN, payload)).id));
    const incidents = await t.db.selectFrom('incidents').selectAll().where('id', 'in', incidentIds).execute();
    const incident = (n: number) => incidents.find((i) => i.id === incidentIds[n])!;
    const stints = await t.db
      .selectFrom('incident_things')
      .selectAll()
      .where('incident_id', 'in', incidentIds)
      .execute();
    const stint = (n: number, thing: string) =>
      stints.find((s) => s.incident_id === incidentIds[n] && s.thing_id === thing)!;
    const row = (n: number, thing: string | null) => ({
      incident_id: incident(n).id,
      incident_number: String(incident(n).number),
      start_time: new Date(incident(n).start_time).toISOString(),
      end_time: cell(incident(n).end_time && new Date(incident(n).end_time!)),
      street: cell(incident(n).street),
      near_area: cell(incident(n).near_area_name),
      near_area_distance_m: cell(incident(n).near_area_distance_m),
      alert_message: incident(n).alert_message,
      asset_id: thing ?? '',
      arrived_at: thing ? new Date(stint(n, thing).start_time).toISOString() : '',
      left_at: thing ? cell(stint(n, thing).end_time && new Date(stint(n, thing).end_time!)) : '',
    });
    const picked = records.map((r) => ({
      incident_id: r.incident_id,
      incident_number: r.incident_number,
      start_time: r.start_time,
      end_time: r.end_time,
      street: r.street,
      near_area: r.near_area,
      near_area_distance_m: r.near_area_distance_m,
      alert_message: r.alert_message,
      asset_id: r.asset_id,
      arrived_at: r.arrived_at,
      left_at: r.left_at,
    }));
    // In start order, assets by arrival; the asset not chosen and the incident out of range left out.
    expect(picked).toEqual([row(0, CAR_2), row(0, CAR_1), row(1, CAR_2), row(2, null)]);
    expect(records[0]).toMatchObject({ duration_min: '45', on_scene_min: '44' });

    const withoutEmpty = pointsPayload({ export_type: 'incident', title: 'Incidents Export' });
    const { records: only } = await csvOf(await finished((await created(ADMIN, withoutEmpty)).id));
    expect(only.map((r) => r.asset_id)).toEqual([CAR_2, CAR_1, CAR_2]);
  });

  it('writes the assets with their profile and current state', async () => {
    const payload = {
      ...pointsPayload({ export_type: 'thing', title: 'Assets' }),
      export_start_time: null,
      export_end_time: null,
    };
    const { records } = await csvOf(await finished((await created(ADMIN, payload)).id));
    const things = await t.db
      .selectFrom('things')
      .leftJoin('thing_states', 'thing_states.thing_id', 'things.id')
      .leftJoin('thing_types', 'thing_types.id', 'things.thing_type_id')
      .select([
        'things.id',
        'things.nickname',
        'things.device_id',
        'things.is_active',
        'thing_types.display_name',
        'thing_states.status',
        'thing_states.lat',
        'thing_states.heartbeat_at',
      ])
      .where('things.id', 'in', [CAR_1, CAR_2])
      .orderBy('things.nickname')
      .execute();
    expect(
      records.map((r) => [
        r.asset_id,
        r.asset_name,
        r.device_id,
        r.type,
        r.active,
        r.status,
        r.last_report_at,
      ]),
    ).toEqual(
      things.map((th) => [
        th.id,
        th.nickname ?? th.device_id,
        th.device_id,
        th.display_name,
        'true',
        cell(th.status),
        cell(th.heartbeat_at && new Date(th.heartbeat_at)),
      ]),
    );
    records.forEach((r, i) => expectRounded(r.latitude, things[i]!.lat, 6));
  });

  it('writes the closures of the chosen types or assets in place during the range', async () => {
    const route = {
      type: 'LineString',
      coordinates: [
        [-89.65, 39.8],
        [-89.64, 39.801],
      ],
    };
    const save = async (patch: Record<string, unknown>) => {
      const response = await call('POST', '/api/organization/closure', ADMIN, {
        closure_type: 'manual',
        description: 'Bridge, "east" side',
        user_route: route,
        impacted_lanes: [1, 2],
        ...patch,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const manual = await save({});
    const automated = await save({ closure_type: 'automated', thing_id: CAR_1, description: 'Crash scene' });
    const recent = (from: number) => ({
      export_start_time: new Date(Date.now() - from).toISOString(),
      export_end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const ofType = pointsPayload({
      export_type: 'closure',
      title: 'Closures',
      thing_uuids: [],
      closures_to_include: ['manual'],
      ...recent(3_600_000),
    });
    const { records } = await csvOf(await finished((await created(ADMIN, ofType)).id));
    expect(records.map((r) => r.closure_id)).toContain(manual);
    expect(records.map((r) => r.closure_id)).not.toContain(automated);
    const stored = await t.db
      .selectFrom('closures')
      .selectAll()
      .where('id', '=', manual)
      .executeTakeFirstOrThrow();
    expect(records.find((r) => r.closure_id === manual)).toMatchObject({
      closure_type: 'manual',
      description: 'Bridge, "east" side',
      impacted_lanes: '1 2',
      active: String(stored.is_active),
      created_at: new Date(stored.created_at).toISOString(),
    });
    expect(JSON.parse(records.find((r) => r.closure_id === manual)!.route_geojson!)).toEqual(
      stored.route_path,
    );
    const ofAsset = pointsPayload({
      export_type: 'closure',
      title: 'Closures',
      thing_uuids: [CAR_1],
      closures_to_include: [],
      ...recent(3_600_000),
    });
    const { records: theAsset } = await csvOf(await finished((await created(ADMIN, ofAsset)).id));
    expect(theAsset.map((r) => [r.closure_id, r.asset_id])).toEqual([[automated, CAR_1]]);
  });

  it('ends errored with its reason when its file cannot be written, and writes no file', async () => {
    const files = path.join(t.dataDir, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a folder');
    try {
      const done = await finished((await created(ADMIN, pointsPayload())).id);
      expect(done).toMatchObject({
        status: 'errored',
        file_id: null,
        error: `${EXPORT_MESSAGES.fileWriteFailed} (ENOTDIR)`,
      });
    } finally {
      rmSync(files, { force: true });
      mkdirSync(files);
    }
  });
});

describe('deleting exports', () => {
  it('is only for the export creator, and removes its file', async () => {
    const exported = await finished((await created(ADMIN, pointsPayload({ thing_uuids: [CAR_2] }))).id);
    const refused = await call('DELETE', `${PATH}/${exported.id}`, ORG_ADMIN);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: EXPORT_MESSAGES.onlyCreatorDeletes });
    expect((await listed()).some((e) => e.id === exported.id)).toBe(true);

    const deleted = await call('DELETE', `${PATH}/${exported.id}`, ADMIN);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listed()).some((e) => e.id === exported.id)).toBe(false);
    expect((await call('GET', `${PATH}/file/${exported.file_id}`, ADMIN)).statusCode).toBe(404);
    const again = await call('DELETE', `${PATH}/${exported.id}`, ADMIN);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: EXPORT_MESSAGES.notFound });
  });

  it('needs the export delete permission, even for the creator', async () => {
    const exported = await created(USER, pointsPayload({ thing_uuids: [CAR_2] }));
    expect((await call('DELETE', `${PATH}/${exported.id}`, USER)).statusCode).toBe(403);
  });

  it('stops a run under way, which leaves no file', async () => {
    const exported = await created(ADMIN, pointsPayload());
    expect((await call('DELETE', `${PATH}/${exported.id}`, ADMIN)).statusCode).toBe(200);
    // Once its run's job has ended (a run is not retried), no file can come any more.
    const runStates = async () =>
      (
        await sql<{ state: string }>`select state::text from pgboss.job
          where name = ${exportRunJob.name} and data->>'export_id' = ${exported.id}`.execute(t.db)
      ).rows.map((row) => row.state);
    await expect
      .poll(runStates, { timeout: 60_000 })
      .toSatisfy(
        (states: string[]) => states.length > 0 && states.every((s) => s === 'completed' || s === 'failed'),
      );
    expect((await call('GET', `${PATH}/file/${exported.id}.csv`, ADMIN)).statusCode).toBe(404);
  });
});

describe("other organisations' exports", () => {
  it('are neither listed, deleted nor downloaded', async () => {
    const exported = await finished((await created(ADMIN, pointsPayload({ thing_uuids: [CAR_2] }))).id);
    expect((await listed(ROADWORKS)).some((e) => e.id === exported.id)).toBe(false);
    const asked = await call('GET', `${PATH}?org_ids[]=${SPD}`, ROADWORKS);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ message: MESSAGES.organizationNotFound });
    const deleted = await call('DELETE', `${PATH}/${exported.id}`, ROADWORKS);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ message: EXPORT_MESSAGES.notFound });
    const link = await call('GET', `${PATH}/file/${exported.file_id}`, ROADWORKS);
    expect(link.statusCode).toBe(404);
    expect(link.json()).toMatchObject({ message: EXPORT_MESSAGES.fileNotFound });
    expect((await listed(ROADWORKS, `?org_ids[]=${CRW}`)).some((e) => e.id === exported.id)).toBe(false);
  });
});

describe('file links', () => {
  it('work for a short time only, and not when changed', async () => {
    const exported = await finished((await created(ADMIN, pointsPayload({ thing_uuids: [CAR_2] }))).id);
    const url = (await call('GET', `${PATH}/file/${exported.file_id}`, ADMIN)).json<{ file_url: string }>()
      .file_url;
    const link = new URL(url, 'http://flare.test');
    const expectMissing = async (changed: URL) => {
      const response = await t.app.inject({ method: 'GET', url: changed.pathname + changed.search });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: MESSAGES.fileNotFound });
    };
    const expired = new URL(link);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    await expectMissing(expired);
    const renamed = new URL(link);
    renamed.searchParams.set('name', 'other.csv');
    await expectMissing(renamed);
    const otherFile = new URL(
      link.href.replace(exported.file_id!, `${'0'.repeat(8)}-0000-4000-8000-000000000000.csv`),
    );
    await expectMissing(otherFile);
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(
      5 * 60_000 + 1_000,
    );
  });

  it('answer "File not found" for an export without a file', async () => {
    const response = await call('GET', `${PATH}/file/nothing.csv`, ADMIN);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: EXPORT_MESSAGES.fileNotFound });
  });
});

describe('waiting exports', () => {
  it('are sent again by the sweep when their job was lost', async () => {
    const exported = await created(ADMIN, pointsPayload({ thing_uuids: [CAR_2] }));
    await finished(exported.id);
    // As if the server had died between saving an export and sending its job.
    await sql`update exports set status = 'requested', file_id = null, completed_at = null where id = ${exported.id}`.execute(
      t.db,
    );
    // The sweep's next tick, now rather than up to EXPORT_SWEEP_MS (10 s) later.
    await t.app.jobs.send(exportSweepJob, {});
    expect((await finished(exported.id)).status).toBe('completed');
  });
});
