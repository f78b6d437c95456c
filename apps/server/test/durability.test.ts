/**
 * Every acknowledged report survives a crash: a steady OsmAnd ingest runs against a real server
 * process, the process is killed with SIGKILL mid-stream, and after a restart every report that got
 * its 200 is in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('keeps every acknowledged report after SIGKILL', async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL
      ? await freshDatabase(process.env.TEST_DATABASE_URL)
      : '';
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STATUS_SWEEP_MS: '0' };
    const server = await startServerProcess(env);
    const acknowledged: number[] = [];
    let sequence = 0;
    let killed = false;
    const base = Date.now() - 600_000;

    const sender = async (device: string) => {
      while (!killed) {
        const n = sequence++;
        try {
          const response = await fetch(
            `${server.osmandUrl}/?id=${device}&lat=39.7&lon=-89.6&timestamp=${base + n}`,
            { method: 'POST' },
          );
          if (response.status === 200) acknowledged.push(base + n);
        } catch {
          // The server died mid-request: this report was never acknowledged.
        }
      }
    };
    const senders = ['SPD-CAR-101', 'SPD-CAR-102', 'SPD-CAR-103', 'SPD-CAR-104'].flatMap((d) => [
      sender(d),
      sender(d),
    ]);
    while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // Restart on the same data (runs migrations and recovery), then read what is stored.
    const restarted = await startServerProcess(env);
    await restarted.stop();
    const { db } = await openDatabase(
      databaseUrl ? { url: databaseUrl } : { pgliteDir: `${dataDir}/pgdata` },
    );
    try {
      const stored = new Set(
        (await db.selectFrom('points').select('recorded_at').execute()).map((row) =>
          row.recorded_at.getTime(),
        ),
      );
      const missing = acknowledged.filter((timestamp) => !stored.has(timestamp));
      expect(missing).toEqual([]);
    } finally {
      await db.destroy();
      if (databaseUrl) await dropDatabase(process.env.TEST_DATABASE_URL!, databaseUrl);
    }
  }, 240_000);
});

async function freshDatabase(baseUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `flare_durability_${Date.now()}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(baseUrl: string, url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await client.end();
}
