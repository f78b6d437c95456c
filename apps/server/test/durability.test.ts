/**
 * Every acknowledged report survives a crash: a steady OsmAnd ingest runs against a real server
 * process, the process is killed with SIGKILL mid-stream, and after a restart every report that got
 * its 200 is in the database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database';
import { startServerProcess } from './server-process';
import { seededServerData, type SeededServerData } from './test-app';

let data: SeededServerData | undefined;
afterAll(() => data?.drop());

describe('durability', () => {
  it('keeps every acknowledged report after SIGKILL', async () => {
    data = await seededServerData();
    const env = { ...data.env, STATUS_SWEEP_MS: '0' };
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
    await expect
      .poll(() => acknowledged.length, { timeout: 60_000, interval: 20 })
      .toBeGreaterThanOrEqual(300);
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // Restart on the same data (runs migrations and recovery), then read what is stored.
    const restarted = await startServerProcess(env);
    await restarted.stop();
    const { db } = await openDatabase(data.target);
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
    }
  }, 240_000);
});
