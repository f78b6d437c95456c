import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { makeThing } from '../testing/things';
import { liveThings } from './live-things-store';
import { ThingsSync } from './things-sync';

const page = (things: object[], total = things.length) => ({
  status: 200,
  body: { data: things, meta: { page: 1, per_page: 500, total } },
});

let sync: ThingsSync | null = null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sync?.stop();
  liveThings.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startPolling() {
  sync = new ThingsSync({
    organizationId: 'org-1',
    mode: 'polling',
    feedUrl: 'ws://unused',
    token: () => 'token',
    onFeedStatus: () => undefined,
    flushMs: 1000,
    pollMs: 15_000,
    firstBackoffMs: 1000,
  });
  sync.start();
}

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
    expect([...liveThings.getSnapshot().things.values()].map((t) => t.nickname)).toEqual([first.nickname]);

    await vi.advanceTimersByTimeAsync(15_000);
    expect(pages).toHaveLength(2);
    expect(liveThings.getSnapshot().things.get(first.id)?.nickname).toBe('Renamed');
  });

  it('fetches later pages one after another', async () => {
    const things = Array.from({ length: 501 }, () => makeThing());
    fakeApi({
      'GET /organization/things?page=1&per_page=500': () => page(things.slice(0, 500), 501),
      'GET /organization/things?page=2&per_page=500': () => page(things.slice(500), 501),
    });
    startPolling();
    await vi.advanceTimersByTimeAsync(0);
    expect(liveThings.getSnapshot().things.size).toBe(501);
  });
});
