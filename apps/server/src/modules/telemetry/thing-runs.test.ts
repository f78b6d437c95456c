/**
 * Runs (status/thing-run.ts): turning active starts one, alerting reports count to its alert
 * points, arriving on location keeps it (Time-to-Scene), turning active again starts a new one
 * and any other status, whether from a report or from the status sweep, ends it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThingSchema } from '@flare/core/schemas/thing';
import type { ServerStatus } from '@flare/core/status/thing-status';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { TelemetryRepository, type PointRow } from './telemetry.repository';

let t: TestApp;
let repository: TelemetryRepository;
/** A police car of its own organisation, and that organisation's admin. */
let thingId: string;
let DEVICE: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  repository = new TelemetryRepository(t.db);
  const given = fixtures(t);
  const { id: organizationId } = await given.organization();
  ({ id: thingId, deviceId: DEVICE } = await given.asset(organizationId, { name: 'Run test' }));
  admin = (await given.user(organizationId, 'ADMIN')).email;
});
afterAll(() => t.close());

const run = () =>
  t.db
    .selectFrom('thing_states')
    .select(['status', 'run_started_at', 'run_alert_points'])
    .where('thing_id', '=', thingId)
    .executeTakeFirstOrThrow();
const osmand = (alerting: 0 | 1) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${DEVICE}&lat=39.8&lon=-89.65&timestamp=${Date.now()}&alerting=${alerting}`,
  });

/** A batch as the status engine hands it over: `alerting` reports with the alert on, one status. */
async function commit(status: ServerStatus, alerting: number) {
  const at = new Date();
  const point = (alert: boolean): PointRow => ({
    thing_id: thingId,
    recorded_at: at,
    lat: 39.8,
    lng: -89.65,
    valid: true,
    speed: null,
    course: null,
    altitude: null,
    accuracy: 5,
    hdop: null,
    battery: null,
    charging: null,
    alerting: alert,
    accepted: true,
    in_service: true,
    alarm: null,
    driver_unique_id: null,
    attributes: null,
  });
  const [stored] = await repository.commitBatch(
    [...Array.from({ length: alerting }, () => point(true)), point(false)],
    [
      {
        thingId,
        position: { at, lat: 39.8, lng: -89.65, speed: null, course: null, accuracy: 5 },
        enroute: status === 'active',
        inService: true,
        heartbeatAt: at,
        status,
        alertPoints: alerting,
        battery: null,
        charging: null,
        alarm: null,
        stationId: null,
      },
    ],
  );
  return stored!;
}

describe('asset runs', () => {
  it('follow the status through a response and are served with the asset', async () => {
    expect((await osmand(0)).statusCode).toBe(200);
    expect(await run()).toEqual({ status: 'standby', run_started_at: null, run_alert_points: 0 });

    // Lights on: the run starts, and every report with them on is an alert point.
    const sentAt = Date.now();
    expect((await osmand(1)).statusCode).toBe(200);
    const started = await run();
    expect(started.status).toBe('active');
    // Started at the report, however long the request took.
    expect(started.run_started_at!.getTime()).toBeGreaterThanOrEqual(sentAt);
    expect(started.run_started_at!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(started.run_alert_points).toBe(1);
    expect((await osmand(1)).statusCode).toBe(200);
    expect(await run()).toEqual({ ...started, run_alert_points: 2 });

    // Arriving keeps the run, so Time-to-Scene can be told; what the batch stored is published.
    const arrived = await commit('active_location', 3);
    expect([arrived.status, arrived.run_started_at, arrived.run_alert_points]).toEqual([
      'active_location',
      started.run_started_at,
      5,
    ]);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/things/${thingId}`,
      headers: bearer((await t.signIn(admin)).access_token),
    });
    const served = ThingSchema.parse(response.json());
    expect([served.run_started_at, served.run_alert_points]).toEqual([
      started.run_started_at!.toISOString(),
      5,
    ]);

    // Leaving the scene, active again: a new run.
    await sql`update thing_states set run_started_at = run_started_at - interval '1 hour' where thing_id = ${thingId}`.execute(
      t.db,
    );
    const next = await commit('active', 2);
    expect(next.run_started_at!.getTime()).toBeGreaterThan(started.run_started_at!.getTime());
    expect(next.run_alert_points).toBe(2);

    // Lights off: the run is over.
    expect((await osmand(0)).statusCode).toBe(200);
    expect(await run()).toEqual({ status: 'standby', run_started_at: null, run_alert_points: 0 });
  });

  it('ends when the status sweep moves the asset out of the run', async () => {
    await commit('active', 4);
    const row = await t.db
      .selectFrom('thing_states')
      .select(['status', sql<string | null>`heartbeat_at::text`.as('heartbeat_key')])
      .where('thing_id', '=', thingId)
      .executeTakeFirstOrThrow();
    const [moved] = await repository.moveStatuses([
      { thingId, from: row.status as ServerStatus, heartbeatKey: row.heartbeat_key, to: 'standby' },
    ]);
    expect([moved?.run_started_at, moved?.run_alert_points]).toEqual([null, 0]);
    expect(await run()).toEqual({ status: 'standby', run_started_at: null, run_alert_points: 0 });
  });
});
