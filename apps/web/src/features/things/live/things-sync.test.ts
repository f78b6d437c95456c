import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { makePoint } from '@flare/core/testing/live-messages';
import { makeThing } from '@flare/core/testing/things';
import { liveThings } from './live-things-store';
import { createThingsSync } from './things-sync';

const page = (things: object[], total = things.length) => ({
  status: 200,
  body: { data: things, meta: { page: 1, per_page: 500, total } },
});

let sync: ReturnType<typeof createThingsSync> | null = null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sync?.stop();
  liveThings.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startSync(polling: boolean) {
  sync = createThingsSync({ polling, pollMs: 15_000 });
  sync.start();
  return sync;
}
const startPolling = () => startSync(true);

describe('things sync for a large organisation (polling)', () => {
  it('loads every page, then only what changed every 15 s, reaching back 5 s for late commits', async () => {
    const first = makeThing({ updated_at: '2026-11-22T10:00:00.000Z' });
    const renamed = { ...first, nickname: 'Renamed', updated_at: '2026-11-22T10:00:20.000Z' };
    const pages: string[] = [];
    fakeApi({
      'GET /organization/things?page=1&per_page=500': (call) => {
        pages.push(call.path);
        return page([first, { broken: true }]);
      },
      'GET /organization/things?page=1&per_page=500&last_updated_timestamp=2026-11-22T09%3A59%3A55.000Z': (
        call,
      ) => {
        pages.push(call.path);
        return page([renamed]);
      },
    });
    startPolling();
    await vi.advanceTimersByTimeAsync(0);
    expect([...liveThings.getSnapshot().items.values()].map((t) => t.nickname)).toEqual([first.nickname]);

    await vi.advanceTimersByTimeAsync(15_000);
    expect(pages).toHaveLength(2);
    expect(liveThings.getSnapshot().items.get(first.id)?.nickname).toBe('Renamed');
  });

  it('fetches later pages one after another', async () => {
    const things = Array.from({ length: 501 }, () => makeThing());
    fakeApi({
      'GET /organization/things?page=1&per_page=500': () => page(things.slice(0, 500), 501),
      'GET /organization/things?page=2&per_page=500': () => page(things.slice(500), 501),
    });
    startPolling();
    await vi.advanceTimersByTimeAsync(0);
    expect(liveThings.getSnapshot().items.size).toBe(501);
  });
});

describe('things sync for a streaming organisation', () => {
  it('applies the socket’s batches, never polls, and catches up on what changed when asked', async () => {
    const first = makeThing({ updated_at: '2026-11-22T10:00:00.000Z' });
    const renamed = { ...first, nickname: 'Renamed', updated_at: '2026-11-22T10:00:20.000Z' };
    const calls = fakeApi({
      'GET /organization/things?page=1&per_page=500': () => page([first]),
      'GET /organization/things?page=1&per_page=500&last_updated_timestamp=2026-11-22T09%3A59%3A55.000Z':
        () => page([renamed]),
    });
    const streaming = startSync(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);

    streaming.apply([makePoint(first.id, { lat: 43 })]);
    expect(liveThings.getSnapshot().items.get(first.id)?.lat).toBe(43);

    streaming.catchUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(liveThings.getSnapshot().items.get(first.id)?.nickname).toBe('Renamed');
  });

  it('forgets the assets when stopped, and a load still in flight does not bring them back', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    startSync(false);
    liveThings.replaceAll([makeThing()]);
    sync!.stop();
    expect(liveThings.getSnapshot().loaded).toBe(false);
    answer(new Response(JSON.stringify(page([makeThing()]).body), { status: 200 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(liveThings.getSnapshot().loaded).toBe(false);
  });
});

describe('a first load that fails', () => {
  it.each([
    ['no connection', 'network-error' as const, 'Connection failed'],
    ['the organisation is gone', { status: 404, body: { message: 'Not Found' } }, 'Organization not found'],
    ['a server error', { status: 500, body: { message: 'boom' } }, 'Unknown failure'],
  ])('says why on %s, and loads again on retry', async (_, failure, message) => {
    const thing = makeThing();
    let fail = true;
    fakeApi({ 'GET /organization/things?page=1&per_page=500': () => (fail ? failure : page([thing])) });
    startSync(false);
    await vi.advanceTimersByTimeAsync(0);
    const failed = liveThings.getSnapshot();
    expect([failed.loaded, failed.failure?.message]).toEqual([false, message]);

    fail = false;
    failed.failure!.retry();
    // Loading again: the failure is gone until the answer comes.
    expect(liveThings.getSnapshot().failure).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    const loaded = liveThings.getSnapshot();
    expect([loaded.loaded, loaded.failure, [...loaded.items.keys()]]).toEqual([true, null, [thing.id]]);
  });

  it('keeps what it has when a later load fails: only the first load reports', async () => {
    const thing = makeThing({ updated_at: '2026-11-22T10:00:00.000Z' });
    let fail = false;
    fakeApi({
      'GET /organization/things?page=1&per_page=500': () => (fail ? 'network-error' : page([thing])),
    });
    const streaming = startSync(false);
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    streaming.setOrganization();
    await vi.advanceTimersByTimeAsync(0);
    const kept = liveThings.getSnapshot();
    expect([kept.loaded, kept.failure, kept.items.size]).toEqual([true, null, 1]);
  });
});
