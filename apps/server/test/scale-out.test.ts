/**
 * Two server processes on one PostgreSQL database and the local NATS behave as one product: a
 * report ingested by one reaches a dashboard connected to the other, a motorist alert made on one
 * reaches a partner's stream on the other, and behind a reverse proxy the loss of one process loses
 * nothing. Needs TEST_DATABASE_URL and a NATS server (TEST_NATS_URL,
 * default nats://127.0.0.1:4222); skipped with a note otherwise.
 */
import pg from 'pg';
import { connect as natsConnect } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoOrganizationId } from '../src/seed/demo-data';
import { demoThingId } from '../src/seed/demo-fleet';
import { thingTypeId } from '../src/seed/reference-data';
import { connected, disconnectAll, openConsumer, waitFor } from './cable-consumer';
import { openStream, type StreamEvent } from './sse-consumer';
import { startFailoverProxy } from './failover-proxy';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData, TEST_PASSWORD, type SeededServerData } from './test-app';

afterEach(disconnectAll);

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const baseUrl = process.env.TEST_DATABASE_URL;

/** Whether one answers: one that is not there refuses at once, and 10 s is for a loaded machine. */
async function natsAnswers(): Promise<boolean> {
  try {
    await (await natsConnect({ servers: NATS_URL, timeout: 10_000, reconnect: false })).close();
    return true;
  } catch {
    return false;
  }
}
const ready = Boolean(baseUrl) && (await natsAnswers());
if (!ready)
  console.warn('scale-out test skipped: it needs TEST_DATABASE_URL and a NATS server at ' + NATS_URL);

const servers: ServerProcess[] = [];
let data: SeededServerData | undefined;
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await data?.drop();
});

/** Signs in on a server; the demo users' password is the seeded database's. */
async function signIn(server: ServerProcess, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username,
      password: TEST_PASSWORD,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe.skipIf(!ready)('two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    data = await seededServerData();
    const env = { ...data.env, NATS_URL, STATUS_SWEEP_MS: '0' };
    // One after the other, as a deployment rolls them out.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    [a, b] = servers as [ServerProcess, ServerProcess];
  }, 180_000);

  it('a report ingested on one reaches a live-feed client of the other', async () => {
    const access_token = await signIn(b, 'user@springfield-pd.test');
    const consumer = openConsumer(`${b.url.replace('http', 'ws')}/cable`, access_token);
    const watch = await connected(consumer, demoOrganizationId('springfield-pd'));

    const report = await fetch(
      `${a.osmandUrl}/?id=SPD-CAR-107&lat=39.7901&lon=-89.6444&timestamp=${Date.now()}&alerting=1`,
      {
        method: 'POST',
      },
    );
    expect(report.status).toBe(200);
    await waitFor(() => watch.received.length > 0, 'the report on the other server', 30_000);
    expect(watch.received[0]).toMatchObject({
      type: 'point',
      thing_id: demoThingId('SPD-CAR-107'),
      lat: 39.7901,
      lng: -89.6444,
      enroute: true,
      status: 'active',
    });
  }, 60_000);

  it('a credential issued, a legacy mark set or a credential replaced on one process holds at once on the other', async () => {
    const token = await signIn(a, 'platform@prairie-fleet.test');
    const call = (path: string, method: string, body: object = {}) =>
      fetch(`${a.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const report = (id: string) => fetch(`${b.osmandUrl}/?id=${id}&lat=41.88&lon=-87.63`, { method: 'POST' });
    const registered = await call('/things', 'POST', {
      device_id: 'SCALE-NEW-1',
      thing_type_id: thingTypeId('tow'),
      organization_id: demoOrganizationId('prairie-fleet'),
    });
    expect(registered.status).toBe(201);
    const thing = (await registered.json()) as {
      id: string;
      device_credential: { device_credential: string };
    };
    const first = thing.device_credential.device_credential;
    // Now the other process remembers the System Id as unknown and the credential as known.
    expect((await report('SCALE-NEW-1')).status).toBe(400);
    expect((await report(first)).status).toBe(200);
    // Well within the directory's memory (60 s for unknown ids, 5 min for known ones): only the
    // announcement explains each change. (Generous for a loaded machine, and still well within.)
    const soon = { timeout: 30_000, interval: 100 };
    expect(
      (await call(`/things/${thing.id}/device_credential`, 'PUT', { legacy_device_id: true })).status,
    ).toBe(200);
    await vi.waitFor(async () => expect((await report('SCALE-NEW-1')).status).toBe(200), soon);
    const rotated = await call(`/things/${thing.id}/device_credential`, 'POST');
    const next = ((await rotated.json()) as { device_credential: string }).device_credential;
    await vi.waitFor(async () => expect((await report(first)).status).toBe(400), soon);
    expect((await report(next)).status).toBe(200);
  }, 60_000);

  it('an API key revoked on one process is refused by the other, which had it in memory', async () => {
    const admin = await signIn(a, 'admin@springfield-pd.test');
    const created = await fetch(`${a.url}/api/api_keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ description: 'Scale-out key' }),
    });
    const key = (await created.json()) as { id: string; token: string };
    const ingest = () =>
      fetch(`${b.url}/api/ingest/points`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key.token },
        body: JSON.stringify({
          points: [{ device_id: 'SPD-CAR-107', lat: 39.79, lng: -89.64, timestamp: Date.now() }],
        }),
      });
    expect((await ingest()).status).toBe(200);
    const revoked = await fetch(`${a.url}/api/api_keys/${key.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(revoked.status).toBe(200);
    // Well within the minute the other process trusts a key it has read: only the announcement explains it.
    await vi.waitFor(async () => expect((await ingest()).status).toBe(401), {
      timeout: 30_000,
      interval: 100,
    });
  }, 60_000);

  it("a motorist alert made on one reaches a partner's stream on the other, which resumes on the first", async () => {
    const admin = await signIn(a, 'admin@springfield-pd.test');
    const call = (server: ServerProcess, path: string, method: string, body?: object) =>
      fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${admin}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const made = await call(a, '/api_keys', 'POST', {
      description: 'Navigation app',
      scopes: ['alerts:read'],
    });
    const { token } = (await made.json()) as { token: string };
    const streamOn = async (server: ServerProcess, lastEventId?: number) =>
      openStream(`${server.url}/api/alerts/stream`, {
        'x-api-key': token,
        ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
      });
    const onB = await streamOn(b);
    try {
      await onB.next((e) => e.event === 'alerts.snapshot', 'the snapshot on the other process');
      const hazard = await call(a, '/hazards', 'POST', {
        hazard_type: 'ice',
        severity: 'high',
        lat: 39.8,
        lng: -89.65,
      });
      const { id } = (await hazard.json()) as { id: string };
      const about = (change: string) => (e: StreamEvent) =>
        e.event === `alert.${change}` && (e.data.alert as { source: { id: string } }).source.id === id;
      const created = await onB.next(about('created'), 'the hazard made on the first process');
      onB.close();
      expect((await call(b, `/hazards/${id}/resolve`, 'PUT')).status).toBe(200);
      const onA = await streamOn(a, created.id!);
      try {
        const ended = await onA.next(about('ended'), 'the hazard resolved while away, on the first process');
        expect(ended.id).toBeGreaterThan(created.id!);
      } finally {
        onA.close();
      }
    } finally {
      onB.close();
    }
  }, 60_000);

  it('behind a proxy, killing one process during ingest and live viewing loses nothing', async () => {
    const proxy = await startFailoverProxy([a.url, b.url]);
    try {
      const organizationId = demoOrganizationId('prairie-fleet');
      const consumer = openConsumer(
        `${proxy.url.replace('http', 'ws')}/cable`,
        await signIn(a, 'user@prairie-fleet.test'),
      );
      const watch = await connected(consumer, organizationId);
      // The process the dashboard is on is the one that dies.
      const victim = [a, b].find((s) => s.url === proxy.upgrades[0])!;

      // Devices report through the proxy as Traccar Client does: in order, each report sent again until
      // it is acknowledged (a 502 or a dropped connection may or may not have stored it).
      const devices = ['PSF-TOW-101', 'PSF-TOW-102', 'PSF-TOW-103', 'PSF-TOW-104'];
      const base = Math.floor(Date.now() / 1000) - 600;
      const acknowledged = new Map(devices.map((d) => [d, [] as Array<{ at: number; lat: number }>]));
      let sending = true;
      const send = async (device: string) => {
        for (let k = 0; sending; k++) {
          const report = { at: base + k, lat: 41.5 + k / 10_000 };
          for (;;) {
            const status = await fetch(
              `${proxy.url}/api/ingest/osmand?id=${device}&lat=${report.lat}&lon=-87.6&timestamp=${report.at}`,
              { method: 'POST' },
            ).then(
              (r) => r.status,
              () => 0,
            );
            if (status === 200) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          acknowledged.get(device)!.push(report);
          // Five reports a second per device: busy, and within the per-device limit.
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      const loops = devices.map(send);
      // Every device has reported a while through the proxy before the process dies, and after the
      // dashboard is back.
      const everyDeviceSent = (reports: number) =>
        devices.every((device) => acknowledged.get(device)!.length >= reports);
      await waitFor(() => everyDeviceSent(11), 'reports before the kill', 60_000);
      await victim.stop('SIGKILL');
      const killedAt = Date.now();
      // The dashboard's socket ended with its process; its client reconnects through the proxy.
      await waitFor(
        () => proxy.upgrades.length > 1 && watch.state() === 'connected',
        'the dashboard to reconnect',
        60_000,
      );
      const reconnectedAfterMs = Date.now() - killedAt;
      const sentAtReconnect = Math.max(...devices.map((device) => acknowledged.get(device)!.length));
      await waitFor(() => everyDeviceSent(sentAtReconnect + 10), 'reports after the reconnect', 60_000);
      sending = false;
      await Promise.all(loops);

      // Every acknowledged report is stored, once; nothing else is.
      const db = new pg.Client({ connectionString: data!.env.DATABASE_URL });
      await db.connect();
      try {
        for (const device of devices) {
          const { rows } = await db.query<{ at: number }>(
            `select extract(epoch from recorded_at)::int as at from points
             where thing_id = $1 and recorded_at >= to_timestamp($2) order by recorded_at`,
            [demoThingId(device), base],
          );
          expect(
            rows.map((r) => r.at),
            device,
          ).toEqual(acknowledged.get(device)!.map((r) => r.at));
        }
      } finally {
        await db.end();
      }
      const survivor = a === victim ? b : a;
      expect(proxy.answered.get(survivor.url)).toBeGreaterThan(0);
      expect(acknowledged.get(devices[0]!)!.length).toBeGreaterThan(20);

      // The dashboard reconnected through the proxy to the survivor, and shows each device's last report.
      const latest = (device: string) =>
        (watch.received as Array<{ type: string; thing_id: string; lat: number }>)
          .filter((m) => m.type === 'point' && m.thing_id === demoThingId(device))
          .at(-1)?.lat;
      await waitFor(
        () => devices.every((d) => latest(d) === acknowledged.get(d)!.at(-1)!.lat),
        'the dashboard to show every last report',
        60_000,
      );
      expect(proxy.upgrades.at(-1)).toBe(survivor.url);
      console.info(`dashboard reconnected ${reconnectedAfterMs} ms after its server was killed`);
    } finally {
      await proxy.close();
    }
  }, 90_000);
});
