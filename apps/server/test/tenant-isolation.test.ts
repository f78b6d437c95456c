/**
 * Tenant isolation, walked over every route of the OpenAPI description that takes an id or
 * organisation (so new routes join by themselves): users of an organisation that may not see the
 * police department's data, one of each role, call each such route with the department's ids. No
 * answer may carry the department's data, and nothing of it may change.
 */
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { demoOrganizationId } from '../src/seed/demo-data';
import { demoThingId } from '../src/seed/demo-fleet';
import { organizationTypeId } from '../src/seed/reference-data';
import { closurePayload } from './closure-payload';
import { bearer, createTestApp, type TestApp } from './test-app';
import { walkRequest } from './walk-request';

let t: TestApp;
const FOREIGN = demoOrganizationId('springfield-pd');
/** Users of an organisation that may not see the police department's data, one per role. */
const OUTSIDERS = ['media', 'user', 'admin', 'orgadmin'].map(
  (mailbox) => `${mailbox}@capital-roadworks.test`,
);
let foreignIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  // An incident of the department, so incident routes have a foreign id to try.
  const at = Math.floor(Date.now() / 1000) - 600;
  for (const timestamp of [at, at + SCENE_RULES.dwellMs / 1000]) {
    await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=SPD-CAR-108&timestamp=${timestamp}&lat=39.7&lon=-89.7&speed=0&alerting=true`,
    });
  }
  const incident = await t.db
    .selectFrom('incidents')
    .select('id')
    .where('organization_id', '=', FOREIGN)
    .executeTakeFirstOrThrow();
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'user@springfield-pd.test')
    .executeTakeFirstOrThrow();
  // A hazard of the department (with a photo), so hazard routes have a foreign id to try.
  const hazard = await t.app.inject({
    method: 'POST',
    url: '/api/hazards',
    headers: bearer((await t.signIn('user@springfield-pd.test')).access_token),
    payload: {
      hazard_type: 'debris',
      severity: 'high',
      lat: 39.7,
      lng: -89.7,
      photo: { content_type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]).toString('base64') },
    },
  });
  // A completed export of the department, so export routes have a foreign export and file to try.
  const admin = bearer((await t.signIn('admin@springfield-pd.test')).access_token);
  const exported = (
    await t.app.inject({
      method: 'POST',
      url: '/api/organization/export',
      headers: admin,
      payload: {
        export_type: 'thing',
        title: 'Springfield assets',
        organization_id: FOREIGN,
        thing_uuids: [demoThingId('SPD-CAR-101')],
      },
    })
  ).json<{ id: string }>();
  // A closure of the department (with its history), so closure routes have a foreign id to try.
  const closure = (
    await t.app.inject({
      method: 'POST',
      url: '/api/organization/closure',
      headers: admin,
      payload: closurePayload({ description: 'Springfield bridge works' }),
    })
  ).json<{ id: string }>();
  const status = () =>
    t.db.selectFrom('exports').select('status').where('id', '=', exported.id).executeTakeFirstOrThrow();
  await vi.waitFor(async () => expect((await status()).status).toBe('completed'), { timeout: 60_000 });
  foreignIds = [
    demoThingId('SPD-CAR-101'),
    incident.id,
    FOREIGN,
    user.id,
    hazard.json<{ id: string }>().id,
    exported.id,
    `${exported.id}.csv`,
    closure.id,
  ];
});
afterAll(() => t.close());

/** The department's rows in every table that holds its data, as text. */
async function foreignState(): Promise<string> {
  const { rows } = await sql<{ state: string }>`select json_build_array(
      (select json_agg(t order by t.id) from things t where t.organization_id = ${FOREIGN}),
      (select json_agg(s order by s.thing_id) from thing_states s join things t on t.id = s.thing_id where t.organization_id = ${FOREIGN}),
      (select json_agg(r order by r.thing_id, r.organization_id) from thing_relationships r join things t on t.id = r.thing_id where t.organization_id = ${FOREIGN}),
      (select json_agg(i order by i.id) from incidents i where i.organization_id = ${FOREIGN}),
      (select json_agg(o) from organizations o where o.id = ${FOREIGN}),
      (select json_agg(u order by u.id) from users u where u.organization_id = ${FOREIGN}),
      (select json_agg(h order by h.id) from hazards h where h.organization_id = ${FOREIGN}),
      (select json_agg(p.hazard_id) from hazard_photos p join hazards h on h.id = p.hazard_id where h.organization_id = ${FOREIGN}),
      (select json_agg(m order by m.id) from monthly_reports m where m.organization_id = ${FOREIGN}),
      (select json_agg(e order by e.id) from exports e where e.organization_id = ${FOREIGN}),
      (select json_agg(c order by c.id) from closures c where c.organization_id = ${FOREIGN}),
      (select json_agg(h order by h.id) from closure_history h join closures c on c.id = h.closure_id where c.organization_id = ${FOREIGN})
    )::text as state`.execute(t.db);
  return rows[0]!.state;
}

/** Valid bodies for routes whose checks come after the body's (so the organisation check is reached). */
const ORGANIZATION_BODY = {
  name: 'Taken over',
  address1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country_code: 'US',
  organization_type_id: organizationTypeId('police'),
};
const BODIES: Record<string, object> = { 'PUT /api/organization/{id}': ORGANIZATION_BODY };
/** Other query parameters routes that name an asset in the query need (so the asset check is reached). */
const QUERIES: Record<string, string> = {
  'GET /api/r2r_alerts': `start_time=${new Date(Date.now() - 600_000).toISOString()}`,
};

interface Route {
  method: string;
  path: string;
  takesOrganizations: boolean;
  /** Names an asset in its query (`thing_id`). */
  takesThing: boolean;
}

it('gives users of another organisation, of every role, none of its data and no effect on it', async () => {
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
  }>();
  const routes: Route[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        takesOrganizations: (operation.parameters ?? []).some((p) => p.name === 'org_ids[]'),
        takesThing: (operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'thing_id'),
      }))
      .filter(
        (route) =>
          (route.path.includes('{') || route.takesOrganizations || route.takesThing) &&
          !route.path.startsWith('/api/feeds'),
      ),
  );
  expect(routes.length).toBeGreaterThan(8);

  const before = await foreignState();
  const leaks: string[] = [];
  let calls = 0;
  for (const email of OUTSIDERS) {
    const headers = bearer((await t.signIn(email)).access_token);
    for (const route of routes) {
      for (const id of route.path.includes('{') ? foreignIds : [FOREIGN]) {
        const path = route.path.replace(/\{[^}]+\}/g, id);
        const query = [
          ...(route.takesOrganizations ? [`org_ids[]=${FOREIGN}`] : []),
          ...(route.takesThing ? [`thing_id=${demoThingId('SPD-CAR-101')}`] : []),
          ...[QUERIES[`${route.method} ${route.path}`] ?? ''].filter(Boolean),
        ];
        const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
        const response = await walkRequest(t, {
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: BODIES[`${route.method} ${route.path}`] ?? {} }),
        });
        calls++;
        const shown = foreignIds.filter((foreign) => foreign !== id && response.body.includes(foreign));
        if (
          response.statusCode < 300 &&
          (route.method !== 'GET' || shown.length > 0 || /springfield|SPD-/i.test(response.body))
        )
          leaks.push(`${email} ${route.method} ${url} ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
  }
  expect(leaks).toEqual([]);
  expect(calls).toBeGreaterThan(30);
  expect(await foreignState()).toBe(before);
});

it('lets no user of another organisation report for its assets by System Id (batch, Traccar forwarding)', async () => {
  const before = await foreignState();
  const fixTime = new Date(Math.floor(Date.now() / 1000) * 1000 - 5_000).toISOString();
  const reports = [
    { url: '/api/ingest/points', payload: { points: [{ device_id: 'SPD-CAR-101', lat: 40, lng: -89 }] } },
    {
      url: '/api/ingest/traccar/organization',
      payload: {
        position: { fixTime, latitude: 40, longitude: -89, valid: true, speed: 0, course: 0, attributes: {} },
        device: { uniqueId: 'SPD-CAR-101' },
      },
    },
  ];
  const accepted: string[] = [];
  for (const email of OUTSIDERS) {
    const headers = bearer((await t.signIn(email)).access_token);
    for (const { url, payload } of reports) {
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      if (response.statusCode < 400) accepted.push(`${email} ${url} ${response.statusCode}`);
    }
  }
  expect(accepted).toEqual([]);
  expect(await foreignState()).toBe(before);
});
