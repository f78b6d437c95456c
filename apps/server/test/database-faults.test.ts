/**
 * Database faults on PostgreSQL, through a TCP proxy the test controls: connections terminated under
 * ingest load never end the process, and every acknowledged report is stored exactly once (devices
 * resend what was refused); a stalled network gives 503 with Retry-After within the statement timeout,
 * a health answer within 2 s naming the database, 503 on the OsmAnd ingest, and recovery by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FlareApp } from '../src/app';
import { loadConfig } from '../src/config';
import { demoThingId } from '../src/seed/demo-fleet';
import { bearer, freshPostgresDatabase, TEST_PASSWORD } from './test-app';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) console.warn('database fault tests skipped: they need TEST_DATABASE_URL (a PostgreSQL server)');

const STATEMENT_TIMEOUT_MS = 1_500;

/** Forwards TCP to the database; `stall` stops every byte both ways (as a dead network does) until `resume`. */
class StallableProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private stalled = false;
  private readonly server = net.createServer((client) => {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (this.stalled) for (const socket of pair) socket.pause();
  });

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  stall(): void {
    this.stalled = true;
    for (const pair of this.pairs) for (const socket of pair) socket.pause();
  }

  resume(): void {
    this.stalled = false;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe.skipIf(!baseUrl)('database faults', () => {
  let flare: FlareApp;
  let proxy: StallableProxy;
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase(baseUrl!);
    const direct = new URL(database.url);
    proxy = new StallableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
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

  const report = (at: number) =>
    flare.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=SPD-CAR-105&timestamp=${at}&lat=39.8&lon=-89.6`,
    });

  /** Sends a report as a device does: again until it is acknowledged. */
  async function deliver(at: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const response = await report(at);
      if (response.statusCode === 200) return attempt;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('survives terminated connections under load and stores each acknowledged report once', async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const name = new URL(database.url).pathname.slice(1);
    const start = Math.floor(Date.now() / 1000) - 3_600;
    const times = Array.from({ length: 300 }, (_, i) => start + i);
    let terminated = 0;
    const killer = setInterval(() => {
      void admin
        .query(
          'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
        .then((result: { rows: Array<{ n: string }> }) => (terminated += Number(result.rows[0]!.n)));
    }, 150);
    const attempts = await Promise.all(
      times.map((at, i) =>
        new Promise<void>((resolve) => setTimeout(resolve, i * 5)).then(() => deliver(at)),
      ),
    );
    clearInterval(killer);
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

  it('answers 503 while the network to the database is stalled, and recovers by itself', async () => {
    proxy.stall();
    try {
      const started = Date.now();
      const [api, health, osmand] = await Promise.all([
        flare.app.inject({ method: 'GET', url: '/api/organization/things', headers: bearer(token) }),
        flare.app
          .inject({ method: 'GET', url: '/api/health' })
          .then((response) => ({ response, ms: Date.now() - started })),
        report(Math.floor(Date.now() / 1000)),
      ]);
      const elapsed = Date.now() - started;
      expect(api.statusCode, api.body).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toMatchObject({ error: 'unavailable' });
      expect(elapsed).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
      expect(health.ms).toBeLessThan(2_500);
      expect(health.response.statusCode).toBe(503);
      expect(health.response.json()).toMatchObject({ database: false });
      expect(osmand.statusCode).toBe(503);
    } finally {
      proxy.resume();
    }
    const resumed = Date.now();
    await expect
      .poll(
        async () =>
          (await flare.app.inject({ method: 'GET', url: '/api/organization/things', headers: bearer(token) }))
            .statusCode,
        {
          timeout: 5_000,
          interval: 200,
        },
      )
      .toBe(200);
    expect(Date.now() - resumed).toBeLessThan(5_000);
  });
});
