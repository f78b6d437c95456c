/**
 * Alerts that end with time, as a partner's stream hears them: a responder gone quiet for longer than
 * its position stays true, a wrong-way-driver zone whose incident has expired, a hazard a day old. Time
 * passing is the stored times moving back (what the sweep compares with its clock), then one sweep.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { fixtures } from '../../../test/fixtures';
import { openStream, type StreamEvent, type StreamWatch } from '../../../test/sse-consumer';
import { createTestApp, listening, type TestApp } from '../../../test/test-app';

let t: TestApp;
let base: string;
let ADMIN: string;
let partnerKey: string;
let responder: { id: string; deviceId: string };
let onScene: { id: string; deviceId: string };
let stream: StreamWatch | undefined;

const SCENE = { lat: 39.7817, lng: -89.6501 };
const RAMP = [
  [-89.6511, 39.7817],
  [-89.6491, 39.7817],
];

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  base = await listening(t);
  const build = fixtures(t);
  const police = (await build.organization()).id;
  ADMIN = (await build.user(police, 'ADMIN')).email;
  responder = await build.asset(police);
  onScene = await build.asset(police);
  partnerKey = await build.apiKey(ADMIN, ['alerts:read']);
});
afterAll(async () => {
  stream?.close();
  await t.close();
});

const report = async (
  deviceId: string,
  at: number,
  position: { lat: number; lng: number },
  speedKnots: number,
) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${deviceId}&timestamp=${at}&lat=${position.lat}&lon=${position.lng}&speed=${speedKnots}&alerting=true&bearing=90`,
  });
  expect(response.statusCode, response.body).toBe(200);
};

const about = (kind: string, id: string, change: string) => (event: StreamEvent) =>
  event.event === `alert.${change}` && (event.data.alert as { id: string }).id === `${kind}:${id}`;

describe('the sweep', () => {
  it('ends a quiet responder, an expired zone and a day-old hazard, and nothing else', async () => {
    stream = await openStream(`${base}/api/alerts/stream`, { 'x-api-key': partnerKey });
    await stream.next((e) => e.event === 'alerts.snapshot', 'the snapshot');

    const now = Math.floor(Date.now() / 1000);
    await report(responder.deviceId, now, { lat: 39.79, lng: -89.64 }, 40);
    const arrival = now - SCENE_RULES.dwellMs / 1000 - 10;
    await report(onScene.deviceId, arrival, SCENE, 0);
    await report(onScene.deviceId, arrival + SCENE_RULES.dwellMs / 1000, SCENE, 0);
    const zone = await t.as(ADMIN).request('POST', '/api/organization/alerting_zones', {
      type: 'wrong_way_driver',
      hotspot_id: 'HS-RAMP',
      geom_type: 'polyline',
      geometry: { type: 'LineString', coordinates: RAMP },
      default_expiry_minutes: 30,
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const zoneId = zone.json<{ id: string }>().id;
    const hazard = await t
      .as(ADMIN)
      .request('POST', '/api/hazards', { hazard_type: 'animal', severity: 'low', lat: 39.77, lng: -89.66 });
    const hazardId = hazard.json<{ id: string }>().id;
    const scene = await stream.next(
      (e) => e.event === 'alert.created' && (e.data.alert as { type: string }).type === 'responder_scene',
      'the scene',
    );
    const sceneId = (scene.data.alert as { source: { id: string } }).source.id;
    await stream.next(about('thing', responder.id, 'created'), 'the responder');
    await stream.next(about('zone', zoneId, 'created'), 'the zone');
    await stream.next(about('hazard', hazardId, 'created'), 'the hazard');
    await t.app.alertSources.settled();
    const heard = stream.events.length;

    // Two minutes of silence for the responder, 31 minutes since the incident on the zone began, a
    // day and an hour since the hazard's report.
    await sql`update thing_states set heartbeat_at = heartbeat_at - interval '2 minutes' where thing_id = ${responder.id}`.execute(
      t.db,
    );
    await sql`update incidents set start_time = start_time - interval '31 minutes' where id = ${sceneId}`.execute(
      t.db,
    );
    await sql`update hazards set reported_at = reported_at - interval '25 hours' where id = ${hazardId}`.execute(
      t.db,
    );
    await t.app.alertSources.sweep();

    await stream.next(about('thing', responder.id, 'ended'), 'the quiet responder');
    await stream.next(about('zone', zoneId, 'ended'), 'the expired zone');
    await stream.next(about('hazard', hazardId, 'ended'), 'the day-old hazard');
    // The scene itself goes on (its start moved, so it is updated), and nothing else ended.
    await stream.next(about('incident', sceneId, 'updated'), 'the scene, still there');
    const ended = stream.events.slice(heard).filter((e) => e.event === 'alert.ended');
    expect(ended).toHaveLength(3);
  });
});
