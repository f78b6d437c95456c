/**
 * The attack that once grew the server by 1.2 GB and slowed every tenant: one signed-in viewer opens
 * 1,000 subscriptions with 30 KB identifiers on one live-feed socket. Against a real server process
 * (its memory is its own), the server's resident memory stays within 50 MB of what it was, and
 * another organisation's dashboard keeps receiving the reports (at the same rate:
 * bench/live-feed-attack.bench.ts).
 * Resident memory is read from /proc: Linux only, skipped with a note elsewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';
import { demoOrganizationId } from '../src/seed/demo-data';
import { demoThingId } from '../src/seed/demo-fleet';
import { connected, disconnectAll, openConsumer, RecordingWebSocket, waitFor } from './cable-consumer';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData, TEST_PASSWORD, type SeededServerData } from './test-app';

afterEach(disconnectAll);

const linux = existsSync('/proc/self/status');
if (!linux) console.warn('live-feed attack test skipped: it reads resident memory from /proc');

const MB = 1024 * 1024;
const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

let server: ServerProcess;
let data: SeededServerData;
beforeAll(async () => {
  if (!linux) return;
  data = await seededServerData();
  server = await startServerProcess({ ...data.env, STATUS_SWEEP_MS: '0' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await data?.drop();
});

async function signIn(username: string): Promise<string> {
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

const DEVICES = [
  ...Array.from({ length: 10 }, (_, i) => `SPD-CAR-${101 + i}`),
  ...Array.from({ length: 3 }, (_, i) => `SPD-SUV-${101 + i}`),
];
/** The last latitude sent per device. */
const lastSent = new Map<string, number>();

/** Report times: now, but each later than the last (a device's report at its last time is a resend). */
let lastTimestamp = 0;
const nextTimestamp = () => (lastTimestamp = Math.max(Date.now(), lastTimestamp + 1));

/** Sends one report from each demo police asset, `rounds` times; how many were taken. */
async function reportAll(rounds: number, from: number): Promise<number> {
  let sent = 0;
  for (let tick = 0; tick < DEVICES.length * rounds; tick++) {
    const device = DEVICES[tick % DEVICES.length]!;
    const lat = 39.7 + (from + tick) / 100_000;
    const response = await fetch(
      `${server.osmandUrl}/?id=${device}&lat=${lat}&lon=-89.65&timestamp=${nextTimestamp()}`,
      { method: 'POST' },
    );
    if (response.status === 200) {
      sent++;
      lastSent.set(device, lat);
    }
  }
  return sent;
}

it.skipIf(!linux)(
  'a thousand 30 KB subscriptions on one socket: memory within 50 MB, other dashboards keep receiving',
  async () => {
    const pid = server.child.pid!;
    const wsUrl = `${server.url.replace('http', 'ws')}/cable`;
    const watcher = await connected(
      openConsumer(wsUrl, await signIn('user@springfield-pd.test')),
      demoOrganizationId('springfield-pd'),
    );
    const lastSeen = () =>
      new Map(
        (watcher.received as Array<{ type: string; thing_id: string; lat: number }>)
          .filter((m) => m.type === 'point')
          .map((m) => [m.thing_id, m.lat]),
      );
    const seesEveryLastReport = () =>
      DEVICES.every((device) => lastSeen().get(demoThingId(device)) === lastSent.get(device));
    // Warm up (the first reports fill caches), then the baseline memory.
    expect(await reportAll(2, 0)).toBe(2 * DEVICES.length);
    await waitFor(seesEveryLastReport, 'the warm-up reports', 30_000);
    const baselineMemory = residentBytes(pid);

    const attacker = new RecordingWebSocket(wsUrl, [
      LIVE_SUBPROTOCOL,
      await signIn('user@prairie-fleet.test'),
    ]);
    await waitFor(() => attacker.frames.length > 0, 'the welcome');
    const identifier = (i: number) =>
      JSON.stringify({
        channel: LIVE_CHANNEL,
        organization_id: demoOrganizationId('prairie-fleet'),
        padding: `${i}`.padEnd(30_000, 'x'),
      });
    const attack = (async () => {
      for (let i = 0; i < 1_000; i++) {
        if (attacker.readyState !== attacker.OPEN) break;
        // Every 50th frame waits until it is written, so the reports below go out meanwhile.
        const written = new Promise<void>((resolve) =>
          attacker.send(JSON.stringify({ command: 'subscribe', identifier: identifier(i) }), () => resolve()),
        );
        if (i % 50 === 0) await written;
      }
    })();
    const attackSent = await reportAll(4, 200);
    await attack;
    // The server has answered every subscribe (or closed the socket): the attack is all in.
    await waitFor(
      () => attacker.frames.length >= 1 + 1_000 || attacker.readyState === attacker.CLOSED,
      'the answers to the attack',
      60_000,
    );
    const attackMemory = residentBytes(pid);
    attacker.close();

    console.info(
      `resident memory ${Math.round(baselineMemory / MB)} MB before, ${Math.round(attackMemory / MB)} MB under attack`,
    );
    expect(attackMemory - baselineMemory).toBeLessThan(50 * MB);
    // The other dashboard kept receiving: every report was taken and it shows every asset's last one.
    // (Its rate under attack against its rate before: bench/live-feed-attack.bench.ts.)
    expect(attackSent).toBe(4 * DEVICES.length);
    await waitFor(seesEveryLastReport, "every asset's last report", 30_000).catch(() => undefined);
    const last = lastSeen();
    for (const device of DEVICES) expect(last.get(demoThingId(device)), device).toBe(lastSent.get(device));
  },
  90_000,
);
