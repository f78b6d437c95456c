import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MapConfigSchema, ThreeWordAddressSchema } from '@flare/core/schemas/map';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { DEFAULT_MAP_STYLE_URL, loadConfig } from '../../config';

const SATELLITE = 'https://imagery.example/tiles/{z}/{x}/{y}.jpg';

let plain: TestApp;
let configured: TestApp;
/** Each app's users of one organisation, by role. */
const people = new Map<TestApp, Record<'user' | 'media' | 'admin', string>>();
beforeAll(async () => {
  [plain, configured] = await Promise.all([
    createTestApp({ STATUS_SWEEP_MS: '0' }),
    createTestApp({
      STATUS_SWEEP_MS: '0',
      MAP_STYLE_URL: 'offline',
      MAP_SATELLITE_TILES: SATELLITE,
      WHAT3WORDS_API_KEY: 'w3w-test-key',
    }),
  ]);
  for (const t of [plain, configured]) {
    const given = fixtures(t);
    const { id } = await given.organization();
    people.set(t, {
      user: (await given.user(id, 'USER')).email,
      media: (await given.user(id, 'USER_EVENTS_ONLY')).email,
      admin: (await given.user(id, 'ADMIN')).email,
    });
  }
});
afterAll(() => Promise.all([plain?.close(), configured?.close()]));
afterEach(() => vi.unstubAllGlobals());

async function get(t: TestApp, url: string, who: 'user' | 'media' | null = 'user') {
  const headers = who ? bearer((await t.signIn(people.get(t)![who])).access_token) : {};
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/map/config', () => {
  it('answers the OpenFreeMap style, no satellite tiles and plus codes by default', async () => {
    const response = await get(plain, '/api/map/config');
    expect(response.statusCode).toBe(200);
    expect(MapConfigSchema.parse(response.json())).toEqual({
      style_url: DEFAULT_MAP_STYLE_URL,
      satellite_tiles_url: null,
      three_word_provider: 'plus_code',
    });
  });

  it('answers the configured style, satellite tiles and what3words, to any signed-in role', async () => {
    const response = await get(configured, '/api/map/config', 'media');
    expect(response.json()).toEqual({
      style_url: 'offline',
      satellite_tiles_url: SATELLITE,
      three_word_provider: 'what3words',
    });
  });

  it("answers an integration's key too (the driver view opened from a partner's link draws a map)", async () => {
    const key = await fixtures(configured).apiKey(people.get(configured)!.admin, ['alerts:read']);
    const response = await configured.app.inject({
      method: 'GET',
      url: '/api/map/config',
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ style_url: 'offline' });
  });

  it('needs a signed-in user or a key', async () => {
    const response = await get(plain, '/api/map/config', null);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/map/three-word-address', () => {
  it('answers the plus code of the point without a what3words key', async () => {
    const response = await get(plain, '/api/map/three-word-address?lat=39.7817&lng=-89.6501');
    expect(response.statusCode).toBe(200);
    expect(ThreeWordAddressSchema.parse(response.json())).toEqual({
      address: '86FGQ8JX+MX',
      provider: 'plus_code',
    });
  });

  it('answers the what3words address when a key is set, and the plus code when what3words fails', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(JSON.stringify({ words: 'index.home.raft' }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const words = await get(configured, '/api/map/three-word-address?lat=51.52&lng=-0.19');
    expect(words.json()).toEqual({ address: '///index.home.raft', provider: 'what3words' });
    expect((fetchMock.mock.calls[0]![0] as URL).searchParams.get('key')).toBe('w3w-test-key');

    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 500 })));
    const fallback = await get(configured, '/api/map/three-word-address?lat=39.7817&lng=-89.6501');
    expect(fallback.json()).toEqual({ address: '86FGQ8JX+MX', provider: 'plus_code' });
  });

  it.each(['lat=91&lng=0', 'lat=0&lng=-181', 'lat=abc&lng=0', 'lng=0'])(
    'refuses coordinates out of range or missing (%s)',
    async (query) => {
      const response = await get(plain, `/api/map/three-word-address?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    },
  );

  it('needs a signed-in user', async () => {
    const response = await get(plain, '/api/map/three-word-address?lat=0&lng=0', null);
    expect(response.statusCode).toBe(401);
  });
});

describe('map configuration variables', () => {
  it('accept a style URL, a path on this server or offline, and tile templates with {z}/{x}/{y}', () => {
    expect(loadConfig({ MAP_STYLE_URL: 'https://maps.example/style.json' }).mapStyleUrl).toBe(
      'https://maps.example/style.json',
    );
    expect(loadConfig({ MAP_STYLE_URL: '/styles/local.json' }).mapStyleUrl).toBe('/styles/local.json');
    expect(loadConfig({ MAP_SATELLITE_TILES: SATELLITE }).mapSatelliteTiles).toBe(SATELLITE);
    expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://maps.example/style.json' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ MAP_SATELLITE_TILES: 'https://imagery.example/tile.jpg' })).toThrow(
      /MAP_SATELLITE_TILES/,
    );
  });
});
