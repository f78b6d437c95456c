/**
 * An export is a durable job: a server stopped in the middle of one hands it back and the next start
 * runs it again; a server that dies in the middle leaves it silent, and it is started again once its
 * run has been silent too long. Either way it ends completed, its file holding every row once, never
 * in progress forever. The real server process, its files in a bucket (test-bucket.ts) behind a gate
 * that holds the upload of the export's file (held-uploads-proxy.ts): the export is in progress, its
 * rows written, when the server stops, and not completed before it starts again. On the embedded
 * database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Export } from '@flare/core/schemas/export';
import { exportFileId } from '../src/modules/exports/export-runner';
import { openDatabase } from '../src/platform/db/database';
import { demoOrganizationId } from '../src/seed/demo-data';
import { demoThingId } from '../src/seed/demo-fleet';
import { startHeldUploadsProxy } from './held-uploads-proxy';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData, TEST_PASSWORD } from './test-app';
import { startTestBucket } from './test-bucket';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Several pages of the export's reads (5,000 rows each). */
const POINTS = 12_000;
const THING = demoThingId('SPD-CAR-101');
const START = new Date('2026-11-20T00:00:00.000Z');

/** Signed in once per server start (sign-in is rate limited). */
async function signedIn(server: ServerProcess) {
  const response = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: 'admin@springfield-pd.test',
      password: TEST_PASSWORD,
    }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${server.url}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.ok, await answer.clone().text()).toBe(true);
    return (await answer.json()) as T;
  };
}

describe('an export across a restart', () => {
  it('is run again after a clean stop and after a crash, and completes with every row once', async () => {
    const data = await seededServerData();
    cleanups.push(data.drop);
    const bucket = await startTestBucket();
    cleanups.push(() => bucket.close());
    const gate = await startHeldUploadsProxy(bucket.url);
    cleanups.push(() => gate.close());
    let server: ServerProcess | undefined;
    // A failure leaves no server behind (it would hold the database, the bucket and its uploads).
    cleanups.push(async () => server?.stop('SIGKILL'));
    const target = data.target;
    const env = { ...data.env, S3_URL: gate.url, STATUS_SWEEP_MS: '0', JOB_POLL_MS: '500' };
    // Many reports for one asset of the demo organisations.
    const opened = await openDatabase(target);
    await sql`insert into points (thing_id, recorded_at, lat, lng, speed)
      select ${THING}::uuid, ${START}::timestamptz + g * interval '1 second', 39.7 + g / 1e7, -89.6, g % 30
      from generate_series(0, ${POINTS - 1}) g`.execute(opened.db);
    await opened.db.destroy();

    for (const stop of ['SIGTERM', 'SIGKILL'] as const) {
      // The export's file cannot be stored until the server has stopped and started again.
      gate.hold();
      server = await startServerProcess(env);
      let api = await signedIn(server);
      const asked = await api<Export>('POST', '/organization/export', {
        export_type: 'point',
        title: `Restart ${stop}`,
        export_start_time: START.toISOString(),
        export_end_time: new Date(START.getTime() + 6 * 86_400_000).toISOString(),
        use_utc: true,
        organization_id: demoOrganizationId('springfield-pd'),
        thing_uuids: [THING],
      });
      const current = async () =>
        (await api<Export[]>('GET', '/organization/export')).find((e) => e.id === asked.id)!;
      // Its rows are written and its file waits at the gate.
      await expect
        .poll(
          async () => {
            const now = await current();
            return now.status === 'in_progress' && now.rows_written > 0 && gate.held() > 0;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true);
      await server.stop(stop);

      // Stopped, it was handed back; killed, it was left in progress; either way not completed.
      const stopped = await openDatabase(target);
      const left = await stopped.db
        .selectFrom('exports')
        .select(['status', 'file_id'])
        .where('id', '=', asked.id)
        .executeTakeFirstOrThrow();
      // Killed, its run is silent from now on: the sweep at the next start runs it again once it has
      // been silent longer than the stale limit (a minute). Its last sign of life moves an hour back,
      // as it would stand then, instead of waiting.
      if (stop === 'SIGKILL')
        await sql`update exports set heartbeat_at = heartbeat_at - interval '1 hour'
          where id = ${asked.id}`.execute(stopped.db);
      await stopped.db.destroy();
      expect(left).toEqual({ status: stop === 'SIGTERM' ? 'requested' : 'in_progress', file_id: null });
      expect(await bucket.keys()).not.toContain(exportFileId(asked.id));
      // The stopped server's held upload went with its connection.
      await expect.poll(() => gate.held()).toBe(0);

      gate.release();
      server = await startServerProcess(env);
      api = await signedIn(server);
      await expect
        .poll(async () => (await current()).status, { timeout: 120_000, interval: 500 })
        .toBe('completed');
      const finished = await current();
      expect(finished).toMatchObject({ rows_written: POINTS, progress: 100, error: null });
      const { file_url } = await api<{ file_url: string }>(
        'GET',
        `/organization/export/file/${finished.file_id}`,
      );
      // The link downloads the file the bucket holds.
      const csv = Buffer.from(await (await fetch(`${server.url}${file_url}`)).arrayBuffer());
      expect(csv.equals(await bucket.object(finished.file_id!))).toBe(true);
      const rows = parse<{ recorded_at: string }>(csv, { bom: true, columns: true });
      expect(rows).toHaveLength(POINTS);
      expect(new Set(rows.map((row) => row.recorded_at)).size).toBe(POINTS);
      expect(rows.at(-1)!.recorded_at).toBe(new Date(START.getTime() + (POINTS - 1) * 1000).toISOString());
      await server.stop();
    }
  }, 600_000);
});
