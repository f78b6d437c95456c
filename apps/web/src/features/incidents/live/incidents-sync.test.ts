import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INCIDENT_MESSAGES, MAX_STORED_INCIDENTS } from '@flare/core/schemas/incident';
import { makeIncident } from '@flare/core/testing/incidents';
import { fakeApi } from '../../../testing/fake-api';
import { liveIncidents } from './live-incidents-store';
import { createIncidentsSync } from './incidents-sync';

let sync: ReturnType<typeof createIncidentsSync> | null = null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sync?.stop();
  liveIncidents.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startSync(polling: boolean) {
  sync = createIncidentsSync({ polling, pollMs: 30_000 });
  sync.start();
  return sync;
}

const ids = () => [...liveIncidents.getSnapshot().items.keys()];

describe('locations sync', () => {
  it('loads the incidents, applies location messages and catches up on what changed since the newest', async () => {
    const first = makeIncident({ updated_at: '2026-11-22T10:00:00.000Z' });
    const ended = { ...first, is_active: false, updated_at: '2026-11-22T10:05:00.000Z' };
    const calls = fakeApi({
      'GET /locations': () => ({ status: 200, body: { data: [first, { broken: true }] } }),
      'GET /locations?last_updated_timestamp=2026-11-22T09%3A59%3A55.000Z': () => ({
        status: 200,
        body: { data: [ended] },
      }),
    });
    const streaming = startSync(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(ids()).toEqual([first.id]);

    const second = makeIncident();
    streaming.apply([{ type: 'location', location: second }]);
    expect(ids()).toEqual([first.id, second.id]);

    streaming.catchUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(liveIncidents.getSnapshot().items.get(first.id)?.is_active).toBe(false);
  });

  it('polls for what changed every 30 s for a large organisation', async () => {
    const first = makeIncident({ updated_at: '2026-11-22T10:00:00.000Z' });
    const calls = fakeApi({
      'GET /locations': () => ({ status: 200, body: { data: [first] } }),
      'GET /locations?last_updated_timestamp=2026-11-22T09%3A59%3A55.000Z': () => ({
        status: 200,
        body: { data: [] },
      }),
    });
    startSync(true);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.path)).toEqual([
      '/locations',
      '/locations?last_updated_timestamp=2026-11-22T09%3A59%3A55.000Z',
    ]);
  });

  it('records why the first load failed, and forgets it once a load succeeds', async () => {
    let fail = true;
    fakeApi({
      'GET /locations': () => (fail ? { status: 404, body: {} } : { status: 200, body: { data: [] } }),
    });
    const streaming = startSync(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(liveIncidents.getSnapshot()).toMatchObject({
      loaded: false,
      failure: { message: INCIDENT_MESSAGES.organizationNotFound },
    });
    fail = false;
    streaming.catchUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(liveIncidents.getSnapshot()).toMatchObject({ loaded: true, failure: null });
  });
});

describe('live locations store', () => {
  it(`keeps at most ${MAX_STORED_INCIDENTS}: every active one, then the newest`, () => {
    const active = makeIncident({ start_time: '2026-11-01T00:00:00.000Z' });
    const ended = Array.from({ length: MAX_STORED_INCIDENTS }, (_, index) =>
      makeIncident({
        is_active: false,
        start_time: new Date(Date.UTC(2026, 10, 20, 0, index)).toISOString(),
      }),
    );
    liveIncidents.replaceAll([active, ...ended]);
    const kept = liveIncidents.getSnapshot().items;
    expect(kept.size).toBe(MAX_STORED_INCIDENTS);
    expect(kept.has(active.id)).toBe(true);
    expect(kept.has(ended[0]!.id)).toBe(false);
    expect(kept.has(ended.at(-1)!.id)).toBe(true);
  });

  it('ignores a copy older than the one it holds', () => {
    const location = makeIncident({ updated_at: '2026-11-22T10:05:00.000Z', street: 'New St' });
    liveIncidents.replaceAll([location]);
    liveIncidents.upsert([{ ...location, street: 'Old St', updated_at: '2026-11-22T10:00:00.000Z' }]);
    expect(liveIncidents.getSnapshot().items.get(location.id)?.street).toBe('New St');
  });
});
