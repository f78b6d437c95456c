/**
 * Database faults on PostgreSQL, through a TCP proxy the test controls: connections terminated under
 * ingest load never end the process, and every acknowledged report is stored exactly once (devices
 * resend what was refused). While the database fails each other way (a stalled network, a host that
 * resets connections, PostgreSQL refusing new ones as starting up, full, or not accepting connections
 * to the database), a burst of reports on both ingest paths and of API reads is answered in full,
 * each with 200 or 503 and Retry-After, the health answer names the database, the server recovers by
 * itself, and the reports refused are stored once when sent again. (How soon: bench/database-faults.bench.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FlareApp } from '../src/app';
import { loadConfig } from '../src/config';
import { demoThingId } from '../src/seed/demo-fleet';
import { buildOsmandServer } from '../src/modules/telemetry/osmand-server';
import { FaultyProxy, type DatabaseFault } from './faulty-proxy';
import { bearer, freshPostgresDatabase, TEST_PASSWORD } from './test-app';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) console.warn('database fault tests skipped: they need TEST_DATABASE_URL (a PostgreSQL server)');

const STATEMENT_TIMEOUT_MS = 1_500;

describe.skipIf(!baseUrl)('database faults', () => {
  let flare: FlareApp;
  let proxy: FaultyProxy;
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase(baseUrl!);
    const direct = new URL(database.url);
    proxy = new FaultyProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(await proxy.listen());
    dataDir = mkdtempSync(path.join(tmpdir(), 'flare-faults-'));
    const config = loadConfig({
      DEMO_PASSWORD: TEST_PASSWORD,
      WEB_DIST: '/nonexistent',
      DATA_DIR: dataDir,
      STATUS_SWEEP_MS: '0',
      LOG_LEVEL: 'silent',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      // The devices here resend every 100 ms, far faster than real ones: no per-device limit.
      INGEST_DEVICE_REQUESTS_PER_MINUTE: '0',
    });
    flare = await buildApp(config, { database: { url: viaProxy.toString() } });
    const signIn = await flare.app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'password', username: 'user@springfield-pd.test', password: TEST_PASSWORD },
    });
    token = signIn.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => {
    await flare?.app.close();
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A report to the API's ingest route, or to the OsmAnd port when that is `server`. */
  const report = (at: number, device = 'SPD-CAR-105', server: FastifyInstance = flare.app) =>
    server.inject({
      method: 'POST',
      url: `${server === flare.app ? '/api/ingest/osmand' : '/'}?id=${device}&timestamp=${at}&lat=39.8&lon=-89.6`,
    });

  /** Sends a report as a device does: again until it is acknowledged. */
  async function deliver(at: number, device?: string): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const response = await report(at, device);
      if (response.statusCode === 200) return attempt;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits until API calls are answered again. */
  const recovered = () =>
    expect
      .poll(
        async () =>
          (await flare.app.inject({ method: 'GET', url: '/api/organization/things', headers: bearer(token) }))
            .statusCode,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(200);

  it('survives terminated connections under load and stores each acknowledged report once', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const adminPid = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const name = new URL(database.url).pathname.slice(1);
    const start = Math.floor(Date.now() / 1000) - 3_600;
    const times = Array.from({ length: 300 }, (_, i) => start + i);
    // Faults under load, however fast the machine is: a lock holds the reports' statements on the
    // server until the server's connections are terminated under them, in rounds while reports are
    // on their way (the first before any is sent).
    // Watched from a connection of its own: within the lock's transaction, pg_stat_activity would
    // answer the same snapshot every time.
    const observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
    const statementWaiting = async () =>
      (
        await observer.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        )
      ).rows[0]!.n > 0;
    let terminated = 0;
    let done = false;
    let deliveries: Promise<number[]> | undefined;
    for (let round = 0; round < 3 && !done; round++) {
      await admin.query('begin');
      await admin.query('lock table points in exclusive mode');
      deliveries ??= Promise.all(times.map((at) => deliver(at))).finally(() => (done = true));
      await expect.poll(async () => done || (await statementWaiting()), { timeout: 60_000 }).toBe(true);
      const { rows } = await observer.query<{ n: string }>(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid not in (pg_backend_pid(), $2)',
        [name, adminPid],
      );
      terminated += Number(rows[0]!.n);
      await admin.query('commit');
    }
    const attempts = await deliveries!;
    await observer.end();
    // Every report sent again (refused, or answered after being stored) is still stored once.
    await deliver(start - 1);
    const { rows } = await admin.query<{ n: string; distinct_times: string }>(
      'select count(*) as n, count(distinct recorded_at) as distinct_times from points where thing_id = $1 and recorded_at >= to_timestamp($2)',
      [demoThingId('SPD-CAR-105'), start],
    );
    await admin.end();
    expect(terminated).toBeGreaterThan(0);
    expect(attempts.some((n) => n > 1)).toBe(true);
    expect(Number(rows[0]!.n)).toBe(times.length);
    expect(Number(rows[0]!.distinct_times)).toBe(times.length);
  });

  /** The reports' times, a fresh range for each burst, so counting one burst's reports sees no other. */
  let nextTime = Math.floor(Date.now() / 1000) - 7_200;
  const DEVICES = ['SPD-CAR-101', 'SPD-CAR-102', 'SPD-CAR-103', 'SPD-CAR-104', 'SPD-SUV-101'];
  const READS = ['/api/organization/things', '/api/locations/active', '/api/organization/closure'];

  /** Makes the database fail `fault`'s way (55000: it takes no connections, the others through the proxy); returns the cure. */
  async function fail(fault: DatabaseFault | '55000'): Promise<() => Promise<void>> {
    if (fault !== '55000') {
      proxy.fail(fault);
      return () => Promise.resolve(proxy.heal());
    }
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    return async () => {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    };
  }

  it.each(['stall', 'refuse', '57P03', '53300', '55000'] as const)(
    'answers every request under load with 503 and Retry-After while the database fails (%s), recovers by itself and loses nothing acknowledged',
    async (fault) => {
      const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
      const start = nextTime;
      nextTime += 100;
      // Half the reports on the OsmAnd port, half on the API's ingest route.
      const reports = Array.from({ length: 50 }, (_, i) => ({
        at: start + i,
        device: DEVICES[i % DEVICES.length]!,
        server: i % 2 === 0 ? osmand : flare.app,
      }));
      // The devices have reported before (their routes are known), so the burst's reports reach the commit.
      await Promise.all(DEVICES.map((device, i) => deliver(start + 60 + i, device)));
      const heal = await fail(fault);
      let answers: Array<Awaited<ReturnType<typeof report>>>;
      try {
        answers = await Promise.all([
          ...reports.map(({ at, device, server }) => report(at, device, server)),
          ...READS.flatMap((url) =>
            [1, 2, 3].map(() => flare.app.inject({ method: 'GET', url, headers: bearer(token) })),
          ),
        ]);
        const health = await flare.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({ database: false });
      } finally {
        await heal();
      }
      // Each request is answered: served (before the fault took hold) or refused for a while, never failed.
      for (const answer of answers) {
        if (answer.statusCode === 200) continue;
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.json()).toMatchObject({ error: 'unavailable' });
      }
      const refused = reports.filter((_, i) => answers[i]!.statusCode !== 200);
      expect(refused.length).toBeGreaterThan(0);
      await recovered();
      await osmand.close();
      // The devices send again what was refused; every report is then stored once.
      await Promise.all(refused.map(({ at, device }) => deliver(at, device)));
      const reader = new pg.Client({ connectionString: database.url });
      await reader.connect();
      const { rows } = await reader.query<{ n: number; distinct_reports: number }>(
        `select count(*)::int as n, count(distinct (thing_id, recorded_at))::int as distinct_reports from points
         where thing_id = any($1) and recorded_at between to_timestamp($2) and to_timestamp($3)`,
        [DEVICES.map((device) => demoThingId(device)), start, start + reports.length],
      );
      await reader.end();
      expect(rows[0]).toEqual({ n: reports.length, distinct_reports: reports.length });
    },
  );
});
