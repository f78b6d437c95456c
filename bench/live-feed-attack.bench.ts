/**
 * A dashboard's live-feed rate while another user attacks the server (1,000 subscriptions with 30 KB
 * identifiers on one socket: apps/server/test/live-feed-attack.test.ts checks the memory and that the
 * feed goes on), against its rate just before: the share of steadily paced reports it receives as
 * messages. The feed sends at most one message per asset per second, so about one per report; the
 * ratio should stay at 0.85 or more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import {
  connected,
  disconnectAll,
  openConsumer,
  RecordingWebSocket,
  waitFor,
} from '@flare/server/test/cable-consumer';
import { startServerProcess, type ServerProcess } from '@flare/server/test/server-process';
import { BENCH_PASSWORD } from './support';

const DEVICES = [
  ...Array.from({ length: 10 }, (_, i) => `SPD-CAR-${101 + i}`),
  ...Array.from({ length: 3 }, (_, i) => `SPD-SUV-${101 + i}`),
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one report a second from each device for `seconds`, spread evenly; how many were taken. */
async function reportSteadily(server: ServerProcess, seconds: number, from: number): Promise<number> {
  let sent = 0;
  for (let tick = 0; tick < DEVICES.length * seconds; tick++) {
    const started = Date.now();
    const device = DEVICES[tick % DEVICES.length]!;
    const lat = 39.7 + (from + tick) / 100_000;
    const response = await fetch(
      `${server.osmandUrl}/?id=${device}&lat=${lat}&lon=-89.65&timestamp=${Date.now()}`,
      { method: 'POST' },
    );
    if (response.status === 200) sent++;
    await sleep(Math.max(0, 1000 / DEVICES.length - (Date.now() - started)));
  }
  return sent;
}

async function signIn(server: ServerProcess, username: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username,
      password: BENCH_PASSWORD,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function benchLiveFeedAttack() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-attack-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    STATUS_SWEEP_MS: '0',
    DEMO_PASSWORD: BENCH_PASSWORD,
  });
  try {
    const wsUrl = `${server.url.replace('http', 'ws')}/cable`;
    const watcher = await connected(
      openConsumer(wsUrl, await signIn(server, 'user@springfield-pd.test')),
      demoOrganizationId('springfield-pd'),
    );
    // Warm up (the first reports fill caches), then the baseline: reports sent vs messages received.
    await reportSteadily(server, 2, 0);
    await waitFor(() => watcher.received.length >= DEVICES.length, 'the warm-up reports', 30_000);
    await sleep(1_000);
    const before = watcher.received.length;
    const baselineSent = await reportSteadily(server, 4, 100);
    await sleep(1_500);
    const baselineReceived = watcher.received.length - before;

    const attacker = new RecordingWebSocket(wsUrl, [
      LIVE_SUBPROTOCOL,
      await signIn(server, 'user@prairie-fleet.test'),
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
    const attackSent = await reportSteadily(server, 4, 200);
    await attack;
    await sleep(1_500);
    const attackReceived = watcher.received.length - during;
    attacker.close();
    const baselineRate = baselineReceived / baselineSent;
    const attackRate = attackReceived / attackSent;
    return {
      name: 'live feed of a dashboard during a subscription attack, vs before it',
      ratio: attackRate / baselineRate,
      detail: `received ${attackReceived} of ${attackSent} reports during the attack, ${baselineReceived} of ${baselineSent} before (target: 0.85x or more)`,
    };
  } finally {
    disconnectAll();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
