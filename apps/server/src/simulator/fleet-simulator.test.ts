/**
 * The demo fleet makes incidents: responders sent to a scene converge with their lights on, the server
 * detects the incident, later arrivals join it, and it ends once every responder has driven off.
 * Driven over real HTTP into the OsmAnd listener, in report time (30 simulated minutes in seconds).
 */
import type { FastifyInstance } from 'fastify';
import type { IncidentChanged } from '@flare/core/events/incident-events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildOsmandServer } from '../modules/telemetry/osmand-server';
import { DEMO_ORGANIZATIONS } from '../seed/demo-data';
import { FleetSimulator } from './fleet-simulator';

let t: TestApp;
let osmand: FastifyInstance;
const changes: IncidentChanged[] = [];
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  osmand = await buildOsmandServer(t.app.ingest, t.app.log, {
    ipRequestsPerMinute: t.app.config.ingestIpRequestsPerMinute,
  });
  await osmand.listen({ port: 0, host: '127.0.0.1' });
  await t.app.events.on('incident.changed', (change) => void changes.push(change));
});
afterAll(async () => {
  await osmand.close();
  await t.close();
});

/** A fixed sequence, so the run is the same every time. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

it('sends responders to a scene, where an incident opens, grows and ends', async () => {
  const home = DEMO_ORGANIZATIONS.find((o) => o.key === 'springfield-pd')!;
  const address = osmand.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const tickMs = 5_000;
  let now = Date.now() - 45 * 60_000;
  const simulator = new FleetSimulator(
    ['SPD-CAR-101', 'SPD-CAR-102', 'SPD-CAR-103'].map((deviceId) => ({
      deviceId,
      home: { lat: home.lat, lng: home.lng },
      group: 'springfield-pd',
      responder: true,
    })),
    {
      osmandUrl: `http://127.0.0.1:${port}`,
      reportIntervalMs: tickMs,
      incidentChance: 0,
      random: seededRandom(7),
      now: () => now,
    },
  );
  simulator.dispatchFirstIncidents();
  for (let elapsed = 0; elapsed <= 30 * 60_000; elapsed += tickMs) await simulator.tick((now += tickMs));

  const first = changes[0]!.location;
  const history = changes
    .filter((change) => change.location.id === first.id)
    .map((change) => change.location);
  expect(first.things_active).toHaveLength(1);
  expect(Math.max(...history.map((l) => l.things_active.length))).toBeGreaterThanOrEqual(2);
  const ended = history.at(-1)!;
  expect(ended.is_active).toBe(false);
  expect(ended.things_inactive.length).toBeGreaterThanOrEqual(2);
  const minutes = (Date.parse(ended.end_time!) - Date.parse(ended.start_time)) / 60_000;
  expect(minutes).toBeGreaterThanOrEqual(5);
});
