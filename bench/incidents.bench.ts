/**
 * Incident detection's cost and speed.
 * - Throughput: OsmAnd single reports from 1,000 responders (police: every report goes through the
 *   scene rule, and one in ten stands still with lights on, opening an incident) against the same
 *   reports from 1,000 general assets (never responders: detection passes them by), alternating
 *   runs on one server; the ratio of the medians.
 * - Alert latency: from the report that completes an incident (the dwell time itself is a rule, 60 s
 *   of report time) to the `location` message at a subscribed live-feed client, and to the incident
 *   in the organisation's Waze feed; p50 and p99 over 60 incidents. Baseline: a moving report's
 *   `point` message latency to the same client in the same run.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import {
  benchCredential,
  engines,
  feedPath,
  percentile,
  registerDevices,
  runLoad,
  signIn,
  type Engine,
} from './support';

const DEVICES = 1000;
const REPORTS_PER_DEVICE = 10;
const REPORT_SPACING_S = 20;
const ROUNDS = 2;
const INCIDENTS = 60;

interface LiveFrame {
  type?: string;
  message?: {
    type: string;
    thing_id?: string;
    location?: { external_id: string; things_active: { id: string }[] };
  };
}

function reportQuery(deviceId: string, d: number, k: number, base: number): string {
  const stopped = d % 10 === 0;
  const lat = 39.7 + Math.floor(d / 40) * 0.01 + (stopped ? 0 : k * 0.0005);
  const lng = -89.6 - (d % 40) * 0.01;
  const speed = stopped ? 0 : 29; // knots
  const alerting = stopped || d % 3 === 0;
  return `id=${benchCredential(deviceId)}&lat=${lat}&lon=${lng}&timestamp=${base + k * REPORT_SPACING_S}&speed=${speed}&bearing=0&accuracy=5&alerting=${alerting}`;
}

async function osmandRate(url: string, devices: string[], base: number): Promise<number> {
  const requests = Array.from({ length: DEVICES * REPORTS_PER_DEVICE }, (_, i) => {
    const d = i % DEVICES;
    return { url: `${url}/?${reportQuery(devices[d]!, d, Math.floor(i / DEVICES), base)}`, method: 'POST' };
  });
  const ms = await runLoad({ concurrency: 64, requests });
  return requests.length / (ms / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A live-feed client subscribed to the organisation; resolves each awaited message's arrival time. */
async function liveClient(host: string, token: string, organizationId: string) {
  const identifier = JSON.stringify({ channel: LIVE_CHANNEL, organization_id: organizationId });
  const socket = new WebSocket(`ws://${host}/cable`, ['actioncable-v1-json', LIVE_SUBPROTOCOL, token]);
  const waiting: Array<{ test: (frame: LiveFrame) => boolean; resolve: (at: number) => void }> = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
    socket.on('error', reject);
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as LiveFrame;
      if (frame.type === 'confirm_subscription') resolve();
      const at = performance.now();
      for (let i = waiting.length - 1; i >= 0; i--)
        if (waiting[i]!.test(frame)) waiting.splice(i, 1)[0]!.resolve(at);
    });
  });
  return {
    next: (test: (frame: LiveFrame) => boolean) =>
      new Promise<number>((resolve) => waiting.push({ test, resolve })),
    close: () => socket.close(),
  };
}

export async function benchIncidents(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const responders = await registerDevices(flare.db, 'RESP', DEVICES, 'police');
    const general = await registerDevices(flare.db, 'GEN', DEVICES, 'general');
    const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    const osmandAddress = osmand.server.address();
    const osmandUrl = `http://127.0.0.1:${typeof osmandAddress === 'object' && osmandAddress ? osmandAddress.port : 0}`;

    const base = Math.floor(Date.now() / 1000) - 6 * 3600;
    const withDetection: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const roundBase = base + round * 3600; // later reports, so each round is new data
      without.push(await osmandRate(osmandUrl, general, roundBase));
      withDetection.push(await osmandRate(osmandUrl, responders, roundBase));
    }
    const opened = await flare.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    // Alert latency.
    await flare.app.listen({ port: 0, host: '127.0.0.1' });
    const address = flare.app.server.address();
    const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(flare, 'admin@springfield-pd.test');
    const feedUrl = `http://${host}${await feedPath(flare, token, 'incidents', 'waze_json')}`;
    const feedSize = async () =>
      ((await fetch(feedUrl).then((r) => r.json())) as { incidents: unknown[] }).incidents.length;
    const client = await liveClient(host, token, demoOrganizationId('springfield-pd'));
    const devices = await registerDevices(flare.db, 'LAT', INCIDENTS, 'police');
    const thingIds = new Map(
      (
        await flare.db
          .selectFrom('things')
          .select(['id', 'device_id'])
          .where('device_id', 'like', 'LAT-%')
          .execute()
      ).map((row) => [row.device_id, row.id]),
    );
    const send = (query: string) => fetch(`${osmandUrl}/?${query}`, { method: 'POST' });
    const toClient: number[] = [];
    const toFeed: number[] = [];
    const baseline: number[] = [];
    const at = Math.floor(Date.now() / 1000) - 600;
    for (let i = 0; i < INCIDENTS; i++) {
      const deviceId = devices[i]!;
      const thingId = thingIds.get(deviceId)!;
      const place = `lat=${45 + i * 0.05}&lon=-93`;
      // Baseline: a moving report's point message.
      const pointArrives = client.next((f) => f.message?.type === 'point' && f.message.thing_id === thingId);
      const movedAt = performance.now();
      await send(`id=${benchCredential(deviceId)}&${place}&timestamp=${at - 100}&speed=20&alerting=true`);
      baseline.push((await pointArrives) - movedAt);

      await send(`id=${benchCredential(deviceId)}&${place}&timestamp=${at}&speed=0&alerting=true`);
      const locationArrives = client.next(
        (f) =>
          f.message?.type === 'location' && f.message.location!.things_active.some((t) => t.id === thingId),
      );
      const feedBefore = await feedSize();
      const completedAt = performance.now();
      // Nothing else opens incidents meanwhile: the feed growing is this one arriving in it.
      const inFeed = (async () => {
        while ((await feedSize()) === feedBefore) {
          if (performance.now() - completedAt > 10_000)
            throw new Error('the incident never reached the Waze feed');
        }
        return performance.now();
      })();
      await send(
        `id=${benchCredential(deviceId)}&${place}&timestamp=${at + SCENE_RULES.dwellMs / 1000}&speed=0&alerting=true`,
      );
      toClient.push((await locationArrives) - completedAt);
      toFeed.push((await inFeed) - completedAt);
    }
    client.close();
    await osmand.close();

    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const p = (values: number[], q: number) => percentile(sorted(values), q);
    const baseP99 = p(baseline, 99);
    return [
      {
        name: `incident detection, OsmAnd ingest of responders vs general assets (${engine.name})`,
        ratio: median(withDetection) / median(without),
        detail: `${Math.round(median(withDetection))} vs ${Math.round(median(without))} reports/s (medians of ${ROUNDS}); ${opened.n} incidents opened`,
      },
      {
        name: `incident alert latency to a live client, p99 (${engine.name})`,
        ratio: p(toClient, 99) / baseP99,
        detail: `p50 ${p(toClient, 50).toFixed(0)} ms, p99 ${p(toClient, 99).toFixed(0)} ms over ${INCIDENTS} incidents; point message p50 ${p(baseline, 50).toFixed(0)} ms, p99 ${baseP99.toFixed(0)} ms`,
      },
      {
        name: `incident alert latency to the Waze feed, p99 (${engine.name})`,
        ratio: p(toFeed, 99) / baseP99,
        detail: `p50 ${p(toFeed, 50).toFixed(0)} ms, p99 ${p(toFeed, 99).toFixed(0)} ms over ${INCIDENTS} incidents (the feed polled back to back from the report on)`,
      },
    ];
  } finally {
    await drop();
  }
}

export async function benchIncidentsAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchIncidents(engine)));
  return results;
}
