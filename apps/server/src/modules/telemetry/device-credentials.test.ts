/**
 * Devices authenticate with their own credential: the System Id shown in the dashboard is guessable,
 * and alone it moves only assets marked as legacy devices. Ingest is rate-limited per address and per
 * device.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { thingTypeId } from '../../seed/reference-data';
import { buildOsmandServer } from './osmand-server';

let t: TestApp;
let osmandPort: FastifyInstance;
let port: number;
/** The fleet organisation, its admin's token, its user; another's admin; a platform administrator. */
let FLEET: string;
let admin: string;
let USER: string;
let ELSEWHERE: string;
let PLATFORM: string;
/** A tow truck of the fleet, made as a legacy device (reporting by its System Id). */
let tow: { id: string; deviceId: string };

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0', INGEST_DEVICE_REQUESTS_PER_MINUTE: '4' });
  osmandPort = await buildOsmandServer(t.app.ingest, t.app.log, { ipRequestsPerMinute: 0 });
  await osmandPort.listen({ port: 0, host: '127.0.0.1' });
  const address = osmandPort.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const given = fixtures(t);
  const [fleet, other, platform] = [
    await given.organization({ type: 'acs' }),
    await given.organization(),
    await given.organization({ type: 'acs' }),
  ];
  FLEET = fleet.id;
  admin = (await t.signIn((await given.user(fleet.id, 'ADMIN')).email)).access_token;
  USER = (await given.user(fleet.id, 'USER')).email;
  ELSEWHERE = (await given.user(other.id, 'ADMIN')).email;
  PLATFORM = (await given.user(platform.id, 'PLATFORM_ADMIN')).email;
  tow = await given.asset(fleet.id, { type: 'tow' });
});
afterAll(async () => {
  await osmandPort.close();
  await t.close();
});

let fixes = 0;
/** One report to the OsmAnd port, as Traccar Client sends it, at a new place each time. */
async function report(id: string): Promise<{ status: number; text: string; retryAfter: string | null }> {
  fixes += 1;
  const query = new URLSearchParams({ id, lat: String(41 + fixes / 1000), lon: '-87.6', speed: '0' });
  const response = await fetch(`http://127.0.0.1:${port}/?${query.toString()}`, { method: 'POST' });
  return {
    status: response.status,
    text: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

async function registerDevice(deviceId: string) {
  const platform = (await t.signIn(PLATFORM)).access_token;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/things',
    headers: bearer(platform),
    payload: {
      device_id: deviceId,
      thing_type_id: thingTypeId('tow'),
      organization_id: FLEET,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{
    id: string;
    device_credential: {
      device_credential: string;
      server_url: string;
      setup_url: string;
      legacy_device_id: boolean;
    };
  }>();
}

const credentialCall = (method: 'GET' | 'POST' | 'PUT', thingId: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/things/${thingId}/device_credential`, headers: bearer(token), payload });

describe('device credentials', () => {
  it('are issued at registration: 144 random bits, shown once, stored only as a hash', async () => {
    const thing = await registerDevice('CRED-1');
    const { device_credential, server_url, setup_url, legacy_device_id } = thing.device_credential;
    expect(device_credential).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(legacy_device_id).toBe(false);
    expect(server_url).toBe(`${t.app.publicUrl()}/api/ingest/osmand`);
    // What Traccar Client scans: its server URL, with the device id as the `id` parameter.
    const scanned = new URL(setup_url);
    expect([`${scanned.origin}${scanned.pathname}`, scanned.searchParams.get('id')]).toEqual([
      server_url,
      device_credential,
    ]);
    const row = await t.db
      .selectFrom('things')
      .selectAll()
      .where('id', '=', thing.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(device_credential);
    const state = await credentialCall('GET', thing.id, admin);
    expect(state.json()).toMatchObject({ legacy_device_id: false, issued_at: expect.any(String) });
    expect(state.json()).not.toHaveProperty('device_credential');
  });

  it('the System Id alone no longer moves an asset, and is answered like any unknown id', async () => {
    const thing = await registerDevice('CRED-2');
    const bySystemId = await report('CRED-2');
    const byMadeUpId = await report('NO-SUCH-DEVICE');
    expect(bySystemId.status).toBe(400);
    expect(bySystemId.text.replace('CRED-2', 'X')).toBe(byMadeUpId.text.replace('NO-SUCH-DEVICE', 'X'));
    expect((await thingWithState(t.db, 'CRED-2')).lat).toBeNull();

    expect((await report(thing.device_credential.device_credential)).status).toBe(200);
    expect((await thingWithState(t.db, 'CRED-2')).lat).not.toBeNull();
  });

  it('a new credential replaces the old one at once; only who may edit the asset may issue one', async () => {
    const thing = await registerDevice('CRED-3');
    const old = thing.device_credential.device_credential;
    expect((await report(old)).status).toBe(200);

    const user = (await t.signIn(USER)).access_token;
    expect((await credentialCall('POST', thing.id, user)).statusCode).toBe(403);
    const elsewhere = (await t.signIn(ELSEWHERE)).access_token;
    expect((await credentialCall('POST', thing.id, elsewhere)).json()).toMatchObject({ error: 'not_found' });

    const rotated = await credentialCall('POST', thing.id, admin);
    expect(rotated.statusCode).toBe(201);
    const fresh = rotated.json<{ device_credential: string }>().device_credential;
    expect(fresh).not.toBe(old);
    expect((await report(old)).status).toBe(400);
    expect((await report(fresh)).status).toBe(200);
  });

  it('a legacy device reports with its System Id until an administrator stops that', async () => {
    expect((await credentialCall('GET', tow.id, admin)).json()).toMatchObject({ legacy_device_id: true });
    expect((await report(tow.deviceId)).status).toBe(200);

    const stopped = await credentialCall('PUT', tow.id, admin, { legacy_device_id: false });
    expect(stopped.json()).toMatchObject({ legacy_device_id: false });
    const before = await thingWithState(t.db, tow.deviceId);
    expect((await report(tow.deviceId)).status).toBe(400);
    expect((await thingWithState(t.db, tow.deviceId)).lat).toBe(before.lat);

    await credentialCall('PUT', tow.id, admin, { legacy_device_id: true });
    expect((await report(tow.deviceId)).status).toBe(200);
  });
});

describe('ingest rate limits', () => {
  it('a device over its requests a minute gets 429 with Retry-After, and nothing is stored', async () => {
    const thing = await registerDevice('CRED-LIMIT');
    const credential = thing.device_credential.device_credential;
    // Four a minute, in fixed one-minute windows: nine requests cross at most one window's end, so
    // one window sees at least five of them.
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await report(credential));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(8);
    expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);
    expect(limited[0]!.text).toContain('reports too often');
    const stored = await t.db
      .selectFrom('points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('thing_id', '=', thing.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(answers.filter((a) => a.status === 200).length);
  });

  it('one address over its requests a minute gets 429 on the OsmAnd path; behind a trusted proxy, each client counts apart', async () => {
    const limited = await createTestApp({
      STATUS_SWEEP_MS: '0',
      INGEST_IP_REQUESTS_PER_MINUTE: '3',
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const given = fixtures(limited);
      const car = await given.asset((await given.organization()).id);
      const send = async (client: string) => {
        const response = await limited.app.inject({
          method: 'POST',
          url: `/api/ingest/osmand?id=${car.deviceId}&lat=39.7&lon=-89.6`,
          headers: { 'x-forwarded-for': client },
        });
        return [response.statusCode, response.headers['retry-after'] !== undefined];
      };
      const first = [];
      for (let i = 0; i < 4; i++) first.push(await send('203.0.113.1'));
      expect(first).toEqual([
        [200, false],
        [200, false],
        [200, false],
        [429, true],
      ]);
      expect(await send('203.0.113.2')).toEqual([200, false]);
    } finally {
      await limited.close();
    }
  });
});
