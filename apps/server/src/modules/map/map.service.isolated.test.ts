import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MapService } from './map.service';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const ZURICH = { lat: 47.36559, lng: 8.524997, plusCode: '8FVC9G8F+6X' };

const answer = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function service(fetchImpl: typeof fetch, key: string | null = 'secret-key') {
  return new MapService(
    { mapStyleUrl: 'offline', mapSatelliteTiles: undefined, what3wordsApiKey: key ?? undefined },
    log,
    fetchImpl,
  );
}

describe('three-word address', () => {
  it('is the plus code of the point when no what3words key is set', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const result = await service(fetchImpl, null).threeWordAddress(ZURICH.lat, ZURICH.lng);
    expect(result).toEqual({ address: ZURICH.plusCode, provider: 'plus_code' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks what3words with the key and the coordinates when a key is set', async () => {
    const fetchImpl = vi.fn<typeof fetch>(answer(200, { words: 'filled.count.soap' }));
    const result = await service(fetchImpl).threeWordAddress(51.520847, -0.195521);
    expect(result).toEqual({ address: '///filled.count.soap', provider: 'what3words' });
    const url = fetchImpl.mock.calls[0]![0] as URL;
    expect(url.origin + url.pathname).toBe('https://api.what3words.com/v3/convert-to-3wa');
    expect(url.searchParams.get('coordinates')).toBe('51.520847,-0.195521');
    expect(url.searchParams.get('key')).toBe('secret-key');
  });

  it.each([
    ['an HTTP error', vi.fn<typeof fetch>(answer(401, { error: { code: 'InvalidKey' } }))],
    ['an answer without words', vi.fn<typeof fetch>(answer(200, { words: '' }))],
    ['a network error', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('fetch failed')))],
  ])('falls back to the plus code on %s, without logging the key', async (_case, fetchImpl) => {
    const result = await service(fetchImpl).threeWordAddress(ZURICH.lat, ZURICH.lng);
    expect(result).toEqual({ address: ZURICH.plusCode, provider: 'plus_code' });
    expect(JSON.stringify(vi.mocked(log.warn).mock.calls.at(-1))).not.toContain('secret-key');
  });
});

describe('map config', () => {
  it('names the provider from the key and answers null without satellite tiles', () => {
    expect(service(vi.fn(), null).config()).toEqual({
      style_url: 'offline',
      satellite_tiles_url: null,
      three_word_provider: 'plus_code',
    });
    expect(service(vi.fn()).config().three_word_provider).toBe('what3words');
  });
});
