/**
 * The pipeline's seams: context providers registered by other sections (faked here, as the areas,
 * events and closures sections will register theirs) change what the status engine decides, for
 * reports and for re-evaluations, and every committed change is emitted as `thing.states-changed`.
 */
import type { ThingStatesChanged } from '@flare/core/events/thing-events';
import type { ThingContext } from '@flare/core/status/thing-status';
import { fromOsmandParams } from '@flare/core/telemetry/osmand';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import type { ContextProvider } from './thing-context.service';

let t: TestApp;
/** What each fake section knows, by thing id; tests change it. */
const known = {
  stations: new Map<string, string>(),
  incidents: new Map<string, string>(),
  closures: new Map<string, string[]>(),
};
const asked: string[][] = [];
/**
 * A police department's cars (`PIPE-CAR-…`) and a road-works organisation's arrow board
 * (`PIPE-AB-101`) the department may see, by System Id.
 */
const thingIds = new Map<string, string>();
const idOf = (deviceId: string) => thingIds.get(deviceId)!;
const emitted: ThingStatesChanged[] = [];

const provider = (
  name: string,
  answer: (thingId: string) => Partial<ThingContext> | null,
): ContextProvider => ({
  name,
  contextOf(subjects) {
    asked.push(subjects.map((s) => s.thingId));
    const answers = new Map<string, Partial<ThingContext>>();
    for (const subject of subjects) {
      const context = answer(subject.thingId);
      if (context) answers.set(subject.thingId, context);
    }
    return Promise.resolve({ known: answers });
  },
});

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const police = await given.organization();
  const roadworks = await given.organization({ type: 'road_works' });
  for (const n of [101, 102, 103, 104, 105, 106]) {
    const deviceId = `PIPE-CAR-${n}`;
    thingIds.set(deviceId, (await given.asset(police.id, { deviceId })).id);
  }
  const board = await given.asset(roadworks.id, {
    deviceId: 'PIPE-AB-101',
    type: 'arrow_board',
    accessors: [police.id],
  });
  thingIds.set(board.deviceId, board.id);
  t.app.thingContext.register(
    provider('stations', (id) => (known.stations.has(id) ? { stationId: known.stations.get(id)! } : null)),
  );
  t.app.thingContext.register(
    provider('incidents', (id) =>
      known.incidents.has(id) ? { incidentId: known.incidents.get(id)! } : null,
    ),
  );
  t.app.thingContext.register(
    provider('closures', (id) =>
      known.closures.has(id) ? { activeClosureIds: known.closures.get(id)! } : null,
    ),
  );
  await t.app.events.on('thing.states-changed', (event) => void emitted.push(event));
});
afterAll(() => t.close());
beforeEach(() => {
  known.stations.clear();
  known.incidents.clear();
  known.closures.clear();
  asked.length = 0;
  emitted.length = 0;
});

const report = (deviceId: string, params: string) =>
  t.app.ingest.ingest([
    fromOsmandParams(Object.fromEntries(new URLSearchParams(`id=${deviceId}&${params}`))),
  ]);
const at = (offsetMs = 0) => `timestamp=${Date.now() + offsetMs}`;
const state = (deviceId: string) => thingWithState(t.db, deviceId);
const until = (check: () => boolean) => expect.poll(check, { timeout: 30_000 }).toBe(true);

describe('context providers', () => {
  it('without any answer, an asset reporting without lights is standby', async () => {
    await report('PIPE-CAR-101', `lat=39.8&lon=-89.6&${at()}`);
    expect((await state('PIPE-CAR-101')).status).toBe('standby');
    // Each provider is asked once per batch about the batch's assets.
    expect(asked).toEqual([[idOf('PIPE-CAR-101')], [idOf('PIPE-CAR-101')], [idOf('PIPE-CAR-101')]]);
  });

  it('an active closure makes the asset active without its lights', async () => {
    known.closures.set(idOf('PIPE-CAR-102'), ['closure-1']);
    await report('PIPE-CAR-102', `lat=39.8&lon=-89.6&alerting=0&${at()}`);
    expect((await state('PIPE-CAR-102')).status).toBe('active');
  });

  it('an incident puts the asset on scene', async () => {
    known.incidents.set(idOf('PIPE-CAR-103'), 'incident-1');
    await report('PIPE-CAR-103', `lat=39.8&lon=-89.6&alerting=1&${at()}`);
    expect((await state('PIPE-CAR-103')).status).toBe('active_location');
  });

  it('at a station, a position must be within 30 m to move the asset (100 m elsewhere)', async () => {
    await report('PIPE-CAR-104', `lat=39.8&lon=-89.6&accuracy=5&${at(-2000)}`);
    known.stations.set(idOf('PIPE-CAR-104'), crypto.randomUUID());
    await report('PIPE-CAR-104', `lat=39.9&lon=-89.6&accuracy=50&${at(-1000)}`);
    expect((await state('PIPE-CAR-104')).lat).toBe(39.8);
    known.stations.clear();
    await report('PIPE-CAR-104', `lat=39.9&lon=-89.6&accuracy=50&${at()}`);
    expect((await state('PIPE-CAR-104')).lat).toBe(39.9);
  });
});

describe('re-evaluation when a section learns something', () => {
  it('moves the asset to the status its new context gives, and back', async () => {
    await report('PIPE-CAR-105', `lat=39.8&lon=-89.6&${at()}`);
    const id = idOf('PIPE-CAR-105');
    known.incidents.set(id, 'incident-2');
    expect(await t.app.thingStates.reevaluate([id])).toBe(1);
    expect((await state('PIPE-CAR-105')).status).toBe('active_location');
    expect(await t.app.thingStates.reevaluate([id])).toBe(0);
    known.incidents.clear();
    expect(await t.app.thingStates.reevaluate([id])).toBe(1);
    expect((await state('PIPE-CAR-105')).status).toBe('standby');
  });
});

describe('emitted events', () => {
  it('carry every committed state with the organisations that see the asset', async () => {
    await report('PIPE-AB-101', `lat=43.07&lon=-89.4&${at()}`);
    await until(() => emitted.length > 0);
    const [event] = emitted;
    expect(event!.cause).toBe('report');
    expect(event!.states).toHaveLength(1);
    expect(event!.states[0]).toMatchObject({
      thing_id: idOf('PIPE-AB-101'),
      lat: 43.07,
      moved: true,
      status: 'standby',
    });
    // The owner (road works) and the organisation that accesses its arrow boards (police).
    expect(event!.states[0]!.organization_ids).toHaveLength(2);
  });

  it('mark a check-in without a position as not moved', async () => {
    await report('PIPE-CAR-106', `lat=39.8&lon=-89.6&${at(-1000)}`);
    await until(() => emitted.length === 1);
    await report('PIPE-CAR-106', at());
    await until(() => emitted.length === 2);
    expect(emitted[1]!.states[0]).toMatchObject({ moved: false, lat: 39.8 });
  });
});
