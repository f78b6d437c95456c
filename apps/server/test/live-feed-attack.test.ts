/**
 * The attack that once grew the server by 1.2 GB and slowed every tenant: one signed-in viewer opens
 * 1,000 subscriptions with 30 KB identifiers on one live-feed socket. Against a real server process
 * (its memory is its own), the server's resident memory stays within 50 MB of what it was, and
 * another organisation's dashboard keeps receiving every report at the rate they are sent.
 * Resident memory is read from /proc: Linux only, skipped with a note elsewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';
import { demoOrganizationId } from '../src/seed/demo-data';
import { demoThingId } from '../src/seed/demo-fleet';
import { connected, disconnectAll, openConsumer, RecordingWebSocket, sleep, waitFor } from './cable-consumer';
import { startServerProcess, type ServerProcess } from './server-process';

afterEach(disconnectAll);

const linux = existsSync('/proc/self/status');
if (!linux) console.warn('live-feed attack test skipped: it reads resident memory from /proc');

const MB = 1024 * 1024;
const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

let server: ServerProcess;
beforeAll(async () => {
  if (linux) server = await startServerProcess({ STATUS_SWEEP_MS: '0' });
}, 120_000);
afterAll(() => server?.stop());

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username,
      password: 'Proc!pass1',
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

/**
 * Sends one report a second from each demo police asset for `seconds`, spread evenly. The live feed
 * sends at most one message per asset per second, so a dashboard should see about one per report.
 */
async function reportSteadily(seconds: number, from: number): Promise<number> {
  let sent = 0;
  for (let tick = 0; tick < DEVICES.length * seconds; tick++) {
    const started = Date.now();
    const device = DEVICES[tick % DEVICES.length]!;
    const lat = 39.7 + (from + tick) / 100_000;
    const response = await fetch(
      `${server.osmandUrl}/?id=${device}&lat=${lat}&lon=-89.65&timestamp=${Date.now()}`,
      { method: 'POST' },
    );
    if (response.status === 200) {
      sent++;
      lastSent.set(device, lat);
    }
    await sleep(Math.max(0, 1000 / DEVICES.length - (Date.now() - started)));
  }
  return sent;
}

it.skipIf(!linux)(
  'a thousand 30 KB subscriptions on one socket: memory within 50 MB, other dashboards keep their rate',
  async () => {
    const pid = server.child.pid!;
    const wsUrl = `${server.url.replace('http', 'ws')}/cable`;
    const watcher = await connected(
      openConsumer(wsUrl, await signIn('user@springfield-pd.test')),
      demoOrganizationId('springfield-pd'),
    );
    // Warm up (the first reports fill caches), then the baseline: memory, and reports sent vs received.
    await reportSteadily(2, 0);
    await waitFor(() => watcher.received.length >= DEVICES.length, 'the warm-up reports', 10_000);
    await sleep(1_000);
    const baselineMemory = residentBytes(pid);
    const before = watcher.received.length;
    const baselineSent = await reportSteadily(4, 100);
    await sleep(500);
    const baselineReceived = watcher.received.length - before;

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
        attacker.send(JSON.stringify({ command: 'subscribe', identifier: identifier(i) }));
        if (i % 50 === 0) await sleep(10);
      }
    })();
    const during = watcher.received.length;
    const attackSent = await reportSteadily(4, 200);
    await attack;
    await sleep(500);
    const attackReceived = watcher.received.length - during;
    const attackMemory = residentBytes(pid);
    attacker.close();

    console.info(
      `resident memory ${Math.round(baselineMemory / MB)} MB before, ${Math.round(attackMemory / MB)} MB under attack; ` +
        `dashboard received ${baselineReceived}/${baselineSent} before, ${attackReceived}/${attackSent} during`,
    );
    expect(attackMemory - baselineMemory).toBeLessThan(50 * MB);
    // The other dashboard's rate held (the same reports, the same coalescing), and it shows every
    // asset's last report.
    expect(attackReceived / attackSent).toBeGreaterThanOrEqual(0.85 * (baselineReceived / baselineSent));
    // (The feed flushes once a second: the last reports may still be on their way.)
    const lastSeen = () =>
      new Map(
        (watcher.received as Array<{ type: string; thing_id: string; lat: number }>)
          .filter((m) => m.type === 'point')
          .map((m) => [m.thing_id, m.lat]),
      );
    await waitFor(
      () => DEVICES.every((device) => lastSeen().get(demoThingId(device)) === lastSent.get(device)),
      "every asset's last report",
      5_000,
    ).catch(() => undefined);
    const last = lastSeen();
    for (const device of DEVICES) expect(last.get(demoThingId(device)), device).toBe(lastSent.get(device));
  },
  90_000,
);
