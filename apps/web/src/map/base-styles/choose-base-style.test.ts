import { describe, expect, it, vi } from 'vitest';
import { chooseBaseStyle, isStyleLike, OFFLINE_PREPARE_MS, STYLE_TIMEOUT_MS } from './choose-base-style';

const OPENFREEMAP = 'https://tiles.openfreemap.org/styles/liberty';
const STYLE = { version: 8, sources: {}, layers: [] };

const answering = (status: number, body: string) =>
  vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status })));

describe('choosing the basemap', () => {
  it('uses the offline style without asking the network when configured so', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await chooseBaseStyle('offline', { fetchImpl })).toEqual({
      kind: 'offline',
      reason: 'configured',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('uses the configured style when it answers with a style', async () => {
    const fetchImpl = answering(200, JSON.stringify(STYLE));
    expect(await chooseBaseStyle(OPENFREEMAP, { fetchImpl })).toEqual({ kind: 'remote', url: OPENFREEMAP });
    expect(fetchImpl.mock.calls[0]![0]).toBe(OPENFREEMAP);
  });

  it('falls back to the offline style when the default OpenFreeMap style cannot be reached (no network)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await chooseBaseStyle(OPENFREEMAP, { fetchImpl })).toEqual({
      kind: 'offline',
      reason: 'Failed to fetch',
    });
  });

  it.each([
    ['an HTTP error', answering(503, 'down'), 'HTTP 503'],
    ['a body that is not JSON', answering(200, '<html>captive portal</html>'), expect.any(String)],
    ['JSON that is not a style', answering(200, JSON.stringify({ version: 7, layers: [] })), 'invalid style'],
  ])('falls back to the offline style on %s', async (_case, fetchImpl, reason) => {
    expect(await chooseBaseStyle(OPENFREEMAP, { fetchImpl })).toEqual({ kind: 'offline', reason });
  });

  it('falls back to the offline style when the style does not arrive in time, and stops waiting', async () => {
    let signal: AbortSignal | undefined;
    const fetchImpl = vi.fn<typeof fetch>((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const started = Date.now();
    expect(await chooseBaseStyle(OPENFREEMAP, { fetchImpl, timeoutMs: 50 })).toEqual({
      kind: 'offline',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(signal?.aborted).toBe(true);
  });

  it('prepares the offline style while a slow style keeps it waiting, and gives up in time for the map to show within 4 s', async () => {
    vi.useFakeTimers();
    try {
      const prepareOffline = vi.fn();
      const choice = chooseBaseStyle(OPENFREEMAP, {
        fetchImpl: () => new Promise<Response>(() => {}),
        prepareOffline,
      });
      await vi.advanceTimersByTimeAsync(OFFLINE_PREPARE_MS - 1);
      expect(prepareOffline).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(prepareOffline).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(STYLE_TIMEOUT_MS - OFFLINE_PREPARE_MS);
      expect(await choice).toEqual({ kind: 'offline', reason: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('prepares nothing when the style comes at once', async () => {
    vi.useFakeTimers();
    try {
      const prepareOffline = vi.fn();
      const fetchImpl = answering(200, JSON.stringify(STYLE));
      expect(await chooseBaseStyle(OPENFREEMAP, { fetchImpl, prepareOffline })).toEqual({
        kind: 'remote',
        url: OPENFREEMAP,
      });
      await vi.advanceTimersByTimeAsync(STYLE_TIMEOUT_MS);
      expect(prepareOffline).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what counts as a style', () => {
  it('needs version 8, sources and layers', () => {
    expect(isStyleLike(STYLE)).toBe(true);
    expect(isStyleLike({ version: 8, sources: null, layers: [] })).toBe(false);
    expect(isStyleLike({ version: 8, sources: {} })).toBe(false);
    expect(isStyleLike('style')).toBe(false);
    expect(isStyleLike(null)).toBe(false);
  });
});
