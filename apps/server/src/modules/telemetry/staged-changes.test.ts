/**
 * What a batch's reports change in other sections (R2R alerts, incidents) is done after the batch
 * commits, on its own: a failing R2R write does not fail the reports and is tried again, and a
 * batch whose commit fails leaves no incident change behind. The failures are real: a trigger makes
 * the database refuse a statement once.
 */
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';

let t: TestApp;
const until = (check: () => Promise<boolean>) => expect.poll(check, { timeout: 30_000 }).toBe(true);
let clock = Math.floor(Date.now() / 1000) - 3_600;

/** Police cars (`STG-CAR-…`, R2R-enabled responders) of one department, by System Id. */
const thingIds = new Map<string, string>();
const idOf = (deviceId: string) => thingIds.get(deviceId)!;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const { id: organizationId } = await given.organization();
  for (const deviceId of ['STG-CAR-101', 'STG-CAR-102', 'STG-CAR-104'])
    thingIds.set(deviceId, (await given.asset(organizationId, { deviceId, responder: true })).id);
});
afterAll(() => t.close());

const report = (deviceId: string, at: number, lat: number, lng: number, speed: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${deviceId}&timestamp=${at}&lat=${lat}&lon=${lng}&speed=${speed}&alerting=true`,
  });

/**
 * The next statement of `event` on `table` fails with SQLSTATE `code` (once); returns how many
 * statements the trigger has seen so far.
 */
async function failOnce(table: string, event: 'insert' | 'update', code: string) {
  const name = `fail_once_${table}`;
  for (const statement of [
    `create sequence ${name}_seen`,
    `create function ${name}() returns trigger language plpgsql as $$
       begin
         if nextval('${name}_seen') = 1 then
           raise exception 'refused once by the test' using errcode = '${code}';
         end if;
         return null;
       end $$`,
    `create trigger ${name} before ${event} on ${table} for each statement execute function ${name}()`,
  ])
    await sql.raw(statement).execute(t.db);
  return async () =>
    (
      await sql<{ seen: number }>`select last_value::int as seen from ${sql.table(`${name}_seen`)}`.execute(
        t.db,
      )
    ).rows[0]!.seen;
}

describe('staged changes of an ingest batch', () => {
  it('stores and acknowledges the reports when the R2R alert write fails, and writes the alert on retry', async () => {
    const alerts = () =>
      t.db
        .selectFrom('r2r_alerts')
        .select(['alerted_thing_id'])
        .where('alerting_thing_id', '=', idOf('STG-CAR-101'))
        .execute();
    expect((await report('STG-CAR-102', (clock += 10), 40.1 + 250 / 111_195, -89.9, 20)).statusCode).toBe(
      200,
    );
    const seen = await failOnce('r2r_alerts', 'insert', 'P0001');
    const at = (clock += 5);
    const response = await report('STG-CAR-101', at, 40.1, -89.9, 20);
    expect(response.statusCode, response.body).toBe(200);
    expect((await thingWithState(t.db, 'STG-CAR-101')).heartbeat_at).toEqual(new Date(at * 1000));
    await until(async () => (await alerts()).length === 1);
    expect(await alerts()).toEqual([{ alerted_thing_id: idOf('STG-CAR-102') }]);
    // Refused once, then written: two statements.
    expect(await seen()).toBe(2);
  });

  it('keeps no incident change of a batch whose commit failed; the report sent again opens it', async () => {
    const scene = { lat: 40.5, lng: -89.5 };
    const incidents = () =>
      t.db
        .selectFrom('incident_things')
        .select(['incident_id', 'end_time'])
        .where('thing_id', '=', idOf('STG-CAR-104'))
        .execute();
    const start = (clock += 10);
    expect((await report('STG-CAR-104', start, scene.lat, scene.lng, 0)).statusCode).toBe(200);
    const seen = await failOnce('points', 'insert', '57014');
    const arrival = start + SCENE_RULES.dwellMs / 1000;
    const refused = await report('STG-CAR-104', arrival, scene.lat, scene.lng, 0);
    expect(refused.statusCode).toBe(503);
    expect(await seen()).toBe(1);
    expect(await incidents()).toEqual([]);
    expect((await thingWithState(t.db, 'STG-CAR-104')).status).not.toBe('active_location');

    const resent = await report('STG-CAR-104', arrival, scene.lat, scene.lng, 0);
    expect(resent.statusCode, resent.body).toBe(200);
    const [onScene, ...more] = await incidents();
    expect(more).toEqual([]);
    expect(onScene!.end_time).toBeNull();
    expect((await thingWithState(t.db, 'STG-CAR-104')).status).toBe('active_location');
  });
});
