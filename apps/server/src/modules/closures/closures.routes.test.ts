/**
 * The closures API (`/api/organization/closure`): the save rules and messages, status, quick toggle,
 * incremental list with counts, who may do what, other organisations' closures, feed closures
 * read-only, an automated closure making its asset active, and scheduled starts and ends run by the
 * job queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClosureSchema, CLOSURE_MESSAGES } from '@flare/core/schemas/closure';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { closureScheduleJob } from './closure-schedule.job';

let t: TestApp;
/** A police department (SPD), its admin, user and a car; a road-works organisation SPD may see. */
let SPD: string;
let ADMIN: string;
let USER: string;
let CAR: { id: string; deviceId: string };
let ROADWORKS: string;
let arrowBoard: string;
let PLATFORM: string;
const PATH = '/api/organization/closure';

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const roadworks = await given.organization({ type: 'road_works', wzdx: true });
  SPD = (await given.organization({ accesses: [roadworks.id] })).id;
  const operator = await given.organization({ type: 'acs' });
  ADMIN = (await given.user(SPD, 'ADMIN')).email;
  USER = (await given.user(SPD, 'USER')).email;
  CAR = await given.asset(SPD);
  ROADWORKS = (await given.user(roadworks.id, 'ADMIN')).email;
  arrowBoard = (await given.asset(roadworks.id, { type: 'arrow_board' })).id;
  PLATFORM = (await given.user(operator.id, 'PLATFORM_ADMIN')).email;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email: string,
  payload?: Record<string, unknown>,
) => t.as(email).request(method, url, payload);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const closure = (patch: Record<string, unknown> = {}) => ({
  closure_type: 'manual',
  description: 'Lane 2 resurfacing',
  alert_message: 'Right lane closed',
  user_route: {
    type: 'LineString',
    coordinates: [
      [-89.65, 39.8],
      [-89.645, 39.8],
      [-89.64, 39.801],
    ],
  },
  impacted_lanes: [2],
  ...patch,
});
const expectRefused = (response: Awaited<ReturnType<typeof call>>, message: string, status = 422) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.body).toContain(message);
};

describe('saving closures', () => {
  it('adds a manual closure in standby, listed with the counts of each status', async () => {
    const created = await call('POST', PATH, ADMIN, closure());
    expect(created.statusCode, created.body).toBe(201);
    const saved = ClosureSchema.parse(created.json());
    expect(saved).toMatchObject({
      closure_type: 'manual',
      status: 'standby',
      is_active: false,
      is_dashboard_managed: true,
      organization: { id: SPD, organization_type: 'police' },
      impacted_lanes: [2],
      start_time: null,
      end_time: null,
    });
    // Without a driving route, the straight segments between the user's points.
    expect(saved.route_path).toEqual(saved.user_route);
    // The spec's names for the calculated route, and the route with what the geocoder found.
    expect(saved.calculated_route).toEqual(saved.route_path);
    expect(saved.geocoded_route).toEqual({
      type: 'Feature',
      geometry: saved.route_path,
      properties: {
        street_start: saved.street_start,
        street_end: saved.street_end,
        road_names: saved.road_names,
      },
    });
    const listed = (await call('GET', PATH, USER)).json();
    expect(listed.data.map((c: { id: string }) => c.id)).toContain(saved.id);
    expect(listed.counts.standby).toBeGreaterThanOrEqual(1);
  });

  it('an active closure runs from now to its end, kept to the minute', async () => {
    const end = new Date(Date.now() + 3_600_000);
    end.setUTCSeconds(42, 500);
    const saved = (
      await call('POST', PATH, ADMIN, closure({ is_active: true, end_time: end.toISOString() }))
    ).json();
    expect(saved).toMatchObject({ status: 'active', is_active: true });
    expect(new Date(saved.end_time).getUTCSeconds()).toBe(0);
    expect(new Date(saved.start_time).getUTCSeconds()).toBe(0);
    expect(saved.last_start_time).toBe(saved.start_time);
  });

  it('refuses with the rules’ messages and saves nothing', async () => {
    const before = (await call('GET', PATH, USER)).json().data.length;
    expectRefused(
      await call(
        'POST',
        PATH,
        ADMIN,
        closure({ user_route: { type: 'LineString', coordinates: [[-89.65, 39.8]] } }),
      ),
      CLOSURE_MESSAGES.routeRequired,
      400,
    );
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ description: 'x'.repeat(101) })),
      '100 Max Characters',
      400,
    );
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ alert_message: 'x'.repeat(41) })),
      '40 Max Characters',
      400,
    );
    expectRefused(await call('POST', PATH, ADMIN, closure({ impacted_lanes: [10] })), 'impacted_lanes', 400);
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ is_active: true })),
      CLOSURE_MESSAGES.endRequired,
    );
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ is_active: true, end_time: inMinutes(60 * 24 * 95) })),
      CLOSURE_MESSAGES.endTooFar,
    );
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ closure_type: 'automated' })),
      CLOSURE_MESSAGES.assetRequired,
    );
    expectRefused(
      await call('POST', PATH, ADMIN, closure({ closure_type: 'automated', thing_id: arrowBoard })),
      'Asset not found',
    );
    expectRefused(await call('POST', PATH, ADMIN, closure({ is_publish_on: true })), 'Required');
    // A work-zone organisation gives a direction.
    expectRefused(await call('POST', PATH, ROADWORKS, closure()), CLOSURE_MESSAGES.directionRequired);
    expect((await call('POST', PATH, ROADWORKS, closure({ direction: 'N' }))).statusCode).toBe(201);
    expect((await call('GET', PATH, USER)).json().data).toHaveLength(before);
  });

  it('a work-zone id is unique in the organisation', async () => {
    const published = closure({
      is_publish_on: true,
      external_id: 'WZ-2026-17',
      road_names: ['IL-29'],
      location_method: 'channel-device-method',
      vehicle_impact: 'some-lanes-closed',
    });
    // Publishing needs road names.
    const unnamed = await call('POST', PATH, ADMIN, { ...published, road_names: [] });
    expectRefused(unnamed, 'Required');
    expect(unnamed.body).toContain('invalid_road_names');
    expect((await call('POST', PATH, ADMIN, published)).statusCode).toBe(201);
    const again = await call('POST', PATH, ADMIN, published);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain(CLOSURE_MESSAGES.idInUse);
    // Another organisation may use it.
    expect((await call('POST', PATH, ROADWORKS, { ...published, direction: 'E' })).statusCode).toBe(201);
  });

  it('changes a closure with the whole body; quick toggles a manual one; 404s an unknown one', async () => {
    const saved = (await call('POST', PATH, ADMIN, closure())).json();
    const changed = await call(
      'PUT',
      `${PATH}/${saved.id}`,
      ADMIN,
      closure({ description: 'Both lanes', impacted_lanes: [2, 1, 2] }),
    );
    expect(changed.json()).toMatchObject({ description: 'Both lanes', impacted_lanes: [1, 2] });
    const on = await call('PUT', `${PATH}/${saved.id}`, ADMIN, {
      uuid: saved.id,
      is_active: true,
      end_time: null,
    });
    expect(on.json()).toMatchObject({ is_active: true, status: 'active', end_time: null });
    const end = new Date();
    end.setUTCSeconds(0, 0);
    const off = await call('PUT', `${PATH}/${saved.id}`, ADMIN, {
      uuid: saved.id,
      is_active: false,
      end_time: end.toISOString(),
    });
    expect(off.json()).toMatchObject({ is_active: false, status: 'standby', end_time: end.toISOString() });
    const unknown = await call('PUT', `${PATH}/00000000-0000-4000-8000-000000000000`, ADMIN, closure());
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, CLOSURE_MESSAGES.notFound]);
  });

  it('deletes a closure; again answers 404; the incremental list reports it deleted', async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const saved = (await call('POST', PATH, ADMIN, closure())).json();
    expect((await call('DELETE', `${PATH}/${saved.id}`, ADMIN)).json()).toEqual({ id: saved.id });
    const again = await call('DELETE', `${PATH}/${saved.id}`, ADMIN);
    expect([again.statusCode, again.json().message]).toEqual([404, CLOSURE_MESSAGES.notFound]);
    const changed = (await call('GET', `${PATH}?last_updated_timestamp=${since}`, USER)).json().data;
    expect(changed.find((c: { id: string }) => c.id === saved.id)).toMatchObject({ is_deleted: true });
    expect((await call('GET', PATH, USER)).json().data.map((c: { id: string }) => c.id)).not.toContain(
      saved.id,
    );
  });
});

describe('who may see and change closures', () => {
  it('users see closures but may not add, change or delete them', async () => {
    const saved = (await call('POST', PATH, ADMIN, closure())).json();
    expect((await call('POST', PATH, USER, closure())).statusCode).toBe(403);
    expect((await call('PUT', `${PATH}/${saved.id}`, USER, closure())).statusCode).toBe(403);
    expect((await call('DELETE', `${PATH}/${saved.id}`, USER)).statusCode).toBe(403);
  });

  it("another organisation neither lists nor touches an organisation's closures", async () => {
    const saved = (await call('POST', PATH, ADMIN, closure())).json();
    const theirs = (await call('GET', PATH, ROADWORKS)).json().data.map((c: { id: string }) => c.id);
    expect(theirs).not.toContain(saved.id);
    expect(
      (await call('PUT', `${PATH}/${saved.id}`, ROADWORKS, closure({ direction: 'N' }))).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${PATH}/${saved.id}`, ROADWORKS)).statusCode).toBe(404);
    expect(
      (await call('POST', PATH, ROADWORKS, closure({ direction: 'N', organization_id: SPD }))).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `${PATH}/${saved.id}`, PLATFORM, closure({ description: 'by the platform' }))
      ).json(),
    ).toMatchObject({
      description: 'by the platform',
    });
  });

  it('feed closures are shown but neither changed nor deleted', async () => {
    const { id } = await t.db
      .insertInto('closures')
      .values({
        organization_id: SPD,
        closure_type: 'feed',
        description: 'From the state DOT',
        user_route: JSON.stringify(closure().user_route),
        route_path: JSON.stringify(closure().user_route),
        feed_url: 'https://dot.example/wzdx.json',
        feed_event_id: 'event-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = (await call('GET', PATH, USER)).json().data.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ closure_type: 'feed', is_dashboard_managed: false, status: 'standby' });
    expectRefused(await call('PUT', `${PATH}/${id}`, ADMIN, closure()), CLOSURE_MESSAGES.notManaged);
    expectRefused(
      await call('PUT', `${PATH}/${id}`, PLATFORM, { uuid: id, is_active: true }),
      CLOSURE_MESSAGES.notManaged,
    );
    expectRefused(await call('DELETE', `${PATH}/${id}`, ADMIN), CLOSURE_MESSAGES.notManaged);
  });
});

describe('closures and their assets', () => {
  const statusOf = async () => (await call('GET', `/api/things/${CAR.id}`, USER)).json().status as string;

  it('an active automated closure makes its asset active; switched off, the asset is not', async () => {
    // The car checks in, parked.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${CAR.deviceId}&timestamp=${Math.floor(Date.now() / 1000)}&lat=39.8&lon=-89.65&speed=0`,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await statusOf()).not.toBe('active');
    const numbered = await call('PUT', `/api/things/${CAR.id}`, ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      registry_number: 'Unit 105',
      license_plate_number: 'SPD 105',
      vin_number: '1FAHP3F28CL148530',
    });
    expect(numbered.statusCode, numbered.body).toBe(200);
    const saved = await call(
      'POST',
      PATH,
      ADMIN,
      closure({
        closure_type: 'automated',
        thing_id: CAR.id,
        is_active: true,
        end_time: inMinutes(60),
      }),
    );
    expect(saved.json()).toMatchObject({
      status: 'active',
      thing: {
        haas_id: CAR.deviceId,
        registry_number: 'Unit 105',
        license_plate_number: 'SPD 105',
        vin_number: '1FAHP3F28CL148530',
      },
    });
    await expect.poll(statusOf).toBe('active');
    // Standby by the asset's last check-in once switched off.
    const off = await call(
      'PUT',
      `${PATH}/${saved.json().id}`,
      ADMIN,
      closure({ closure_type: 'automated', thing_id: CAR.id }),
    );
    expect(off.json()).toMatchObject({ is_active: false, status: 'standby' });
    await expect.poll(statusOf).not.toBe('active');
  });

  it('a scheduled closure switches itself on at its start and off at its end (the job queue)', async () => {
    // Whole minutes, at least a minute ahead (a minute ahead rounded down could be a second away).
    const start = new Date(Date.now() + 120_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 60_000);
    const saved = (
      await call(
        'POST',
        PATH,
        ADMIN,
        closure({ is_scheduled: true, start_time: start.toISOString(), end_time: end.toISOString() }),
      )
    ).json();
    expect(saved).toMatchObject({ is_active: false, is_scheduled: true, status: 'standby' });
    const jobs = await t.db
      .withSchema('pgboss')
      .selectFrom('job' as never)
      .select(['data' as never, 'start_after' as never])
      .where('name' as never, '=', 'closure-schedule' as never)
      .execute();
    const times = (jobs as Array<{ data: { closure_id: string; action: string }; start_after: Date }>)
      .filter((job) => job.data.closure_id === saved.id)
      .map((job) => [job.data.action, new Date(job.start_after).toISOString()])
      .sort();
    expect(times).toEqual([
      ['activate', start.toISOString()],
      ['deactivate', end.toISOString()],
    ]);
    // The queue runs them when their time comes; run now, they do what they would do then.
    const byId = async () =>
      (await call('GET', PATH, USER)).json().data.find((c: { id: string }) => c.id === saved.id);
    await t.app.jobs.send(closureScheduleJob, {
      closure_id: saved.id,
      action: 'activate',
      at: start.toISOString(),
    });
    await expect.poll(byId, { timeout: 15_000 }).toMatchObject({ is_active: true, status: 'active' });
    await t.app.jobs.send(closureScheduleJob, {
      closure_id: saved.id,
      action: 'deactivate',
      at: end.toISOString(),
    });
    await expect.poll(byId, { timeout: 15_000 }).toMatchObject({ is_active: false, status: 'standby' });
  });
});
