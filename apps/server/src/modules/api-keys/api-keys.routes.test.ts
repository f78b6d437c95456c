import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { ApiKeysResponseSchema, CreatedApiKeySchema } from '@flare/core/schemas/api-key';
import { closurePayload } from '../../../test/closure-payload';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** An organisation, and another one whose assets and incidents it may also see. */
let OWN: string;
let OTHER: string;
/** The organisation's admin (who makes the keys), media user and user; the other's Org Admin and admin. */
let ADMIN: string;
let MEDIA: string;
let USER: string;
let OTHER_ORGADMIN: string;
let OTHER_ADMIN: string;
/** An asset of each. */
let car: { deviceId: string };
let otherBoard: { deviceId: string };
beforeAll(async () => {
  t = await createTestApp({ API_KEY_LIMIT: '2', API_KEY_RATE_LIMIT: '5' });
  const given = fixtures(t);
  OTHER = (await given.organization({ type: 'road_works' })).id;
  OWN = (await given.organization({ accesses: [OTHER] })).id;
  ADMIN = (await given.user(OWN, 'ADMIN')).email;
  MEDIA = (await given.user(OWN, 'USER_EVENTS_ONLY')).email;
  USER = (await given.user(OWN, 'USER')).email;
  OTHER_ORGADMIN = (await given.user(OTHER, 'MANUFACTURER_ADMIN')).email;
  OTHER_ADMIN = (await given.user(OTHER, 'ADMIN')).email;
  car = await given.asset(OWN);
  otherBoard = await given.asset(OTHER, { type: 'arrow_board' });
});
afterAll(() => t.close());

const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) tokens.set(email, (token = (await t.signIn(email)).access_token));
  return token;
}
async function call(email: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await tokenOf(email)),
    ...(payload ? { payload } : {}),
  });
}
const at = () => Date.now();
const ingest = (headers: Record<string, string>, deviceId = car.deviceId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/points',
    headers,
    payload: { points: [{ device_id: deviceId, lat: 39.78, lng: -89.65, timestamp: at() }] },
  });
/** Revokes the oldest key when the organisation is at its limit of 2. */
async function makeRoom() {
  const { api_keys } = ApiKeysResponseSchema.parse((await call(ADMIN, 'GET', '/api/api_keys')).json());
  if (api_keys.length >= 2) await call(ADMIN, 'DELETE', `/api/api_keys/${api_keys[0]!.id}`);
}
const keyRows = () => t.db.selectFrom('api_keys').selectAll().execute();

describe('API keys', () => {
  it('shows the token once, stores only its hash, lists keys, and answers has_api_keys in the profile', async () => {
    const created = await call(ADMIN, 'POST', '/api/api_keys', { description: 'CAD integration' });
    expect(created.statusCode).toBe(201);
    const key = CreatedApiKeySchema.parse(created.json());
    expect(key.token).toMatch(/^flk_[\w-]{40,}$/);
    expect(key.token.startsWith(key.token_prefix)).toBe(true);
    const stored = (await keyRows()).find((r) => r.id === key.id)!;
    expect(JSON.stringify(stored)).not.toContain(key.token);

    const list = ApiKeysResponseSchema.parse((await call(ADMIN, 'GET', '/api/api_keys')).json());
    expect(list.limit).toBe(2);
    expect(list.api_keys.map((k) => k.description)).toEqual(['CAD integration']);
    expect(JSON.stringify(list)).not.toContain(key.token);
    expect((await call(ADMIN, 'GET', '/api/profile')).json().has_api_keys).toBe(true);
    expect((await call(OTHER_ADMIN, 'GET', '/api/profile')).json().has_api_keys).toBe(false);
  });

  it('a key reports positions and reads assets of its own organisation only, by either header', async () => {
    const { token } = (await call(ADMIN, 'POST', '/api/api_keys', { description: 'AVL feed' })).json();
    expect((await ingest({ authorization: `Bearer ${token}` })).json()).toEqual({ accepted: 1 });
    expect((await ingest({ 'x-api-key': token })).statusCode).toBe(200);
    // The organisation accesses the other, but a key stands for its own organisation only.
    expect((await ingest({ 'x-api-key': token }, otherBoard.deviceId)).statusCode).toBe(400);
    const things = await t.app.inject({
      method: 'GET',
      url: '/api/organization/things',
      headers: { 'x-api-key': token },
    });
    expect(things.statusCode).toBe(200);
    // The same assets a signed-in user of the organisation sees by default...
    const ids = (response: { json: () => unknown }) =>
      (response.json() as { data: Array<{ id: string }> }).data.map((x) => x.id).sort();
    expect(ids(things)).toEqual(ids(await call(ADMIN, 'GET', '/api/organization/things')));
    // ...but not those of the other organisation, which its users may also see.
    const others = `/api/organization/things?org_ids[]=${OTHER}`;
    expect((await call(ADMIN, 'GET', others)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: others, headers: { 'x-api-key': token } })).statusCode,
    ).toBe(404);
    for (const url of ['/api/profile', '/api/organization/users', '/api/api_keys', '/api/roles']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': token } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('API keys cannot be used for this call.');
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/api_keys',
      headers: { authorization: `Bearer ${token}` },
      payload: { description: 'self-made' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('a key does only what its scopes say: one for a dispatch system reads incidents and closures, and nothing else', async () => {
    // A closure of each organisation: the key lists its own organisation's only.
    const closureOf = async (email: string, direction?: string) => {
      const saved = await call(email, 'POST', '/api/organization/closure', closurePayload({ direction }));
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json<{ id: string }>().id;
    };
    const ownClosure = await closureOf(ADMIN);
    const otherClosure = await closureOf(OTHER_ADMIN, 'N');
    await makeRoom();
    const made = await call(ADMIN, 'POST', '/api/api_keys', {
      description: 'CAD incidents',
      scopes: ['incidents:read', 'closures:read'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = CreatedApiKeySchema.parse(made.json());
    expect(key.scopes).toEqual(['incidents:read', 'closures:read']);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key.token } });
    const incidents = await get('/api/locations/active');
    expect(incidents.statusCode, incidents.body).toBe(200);
    expect(incidents.json()).toHaveProperty('data');
    const closures = await get('/api/organization/closure');
    expect(closures.statusCode, closures.body).toBe(200);
    const listed = closures.json<{ data: Array<{ id: string; organization: { id: string } }> }>().data;
    expect(listed.map((closure) => closure.id)).toContain(ownClosure);
    expect(listed.map((closure) => closure.id)).not.toContain(otherClosure);
    for (const closure of listed) expect(closure.organization.id).toBe(OWN);
    // Its own organisation only, and no other scope (five calls: the test app allows a key five).
    expect((await get(`/api/locations/active?org_ids[]=${OTHER}`)).statusCode).toBe(404);
    expect((await get('/api/organization/things')).statusCode).toBe(403);
    expect((await ingest({ 'x-api-key': key.token })).statusCode).toBe(403);

    // A key made without scopes reads assets and reports positions, as keys always did, and reads no incidents.
    await makeRoom();
    const plain = CreatedApiKeySchema.parse(
      (await call(ADMIN, 'POST', '/api/api_keys', { description: 'Tracker' })).json(),
    );
    expect(plain.scopes).toEqual(['assets:read', 'positions:write']);
    const asPlain = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-api-key': plain.token } });
    expect((await asPlain('/api/locations/active')).statusCode).toBe(403);
    expect((await asPlain('/api/organization/things')).statusCode).toBe(200);
    // No scope at all, or an unknown one, is refused with a message.
    for (const scopes of [[], ['everything']]) {
      const refused = await call(ADMIN, 'POST', '/api/api_keys', { description: 'Bad', scopes });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBeTruthy();
    }
  });

  it('stops at the limit with "API key limit reached", and a revoked key stops working at once', async () => {
    const full = await call(ADMIN, 'POST', '/api/api_keys', { description: 'One too many' });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe('API key limit reached');
    const list = ApiKeysResponseSchema.parse((await call(ADMIN, 'GET', '/api/api_keys')).json());
    expect(list.api_keys).toHaveLength(2);

    const revoked = list.api_keys[0]!;
    expect((await call(ADMIN, 'DELETE', `/api/api_keys/${revoked.id}`)).json()).toEqual({ uuid: revoked.id });
    expect((await call(ADMIN, 'DELETE', `/api/api_keys/${revoked.id}`)).json().message).toBe(
      'API key not found.',
    );
    const replacement = await call(ADMIN, 'POST', '/api/api_keys', { description: 'Replacement' });
    expect(replacement.statusCode).toBe(201);
  });

  it('a revoked or unknown key answers 401, saying the key is not valid (not that a token expired)', async () => {
    await makeRoom();
    const { id, token } = (await call(ADMIN, 'POST', '/api/api_keys', { description: 'Short-lived' })).json();
    expect((await ingest({ 'x-api-key': token })).statusCode).toBe(200);
    await call(ADMIN, 'DELETE', `/api/api_keys/${id}`);
    for (const refused of [
      await ingest({ 'x-api-key': token }),
      await ingest({ 'x-api-key': 'flk_nonsense' }),
      await ingest({ authorization: 'Bearer flk_nonsense' }),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(MESSAGES.apiKeyInvalid);
    }
  });

  it('each key is rate-limited, except for device reports, which are limited per device', async () => {
    await makeRoom();
    const { token } = (await call(ADMIN, 'POST', '/api/api_keys', { description: 'Busy' })).json();
    // A fleet's reports through one key (a Traccar server forwarding every vehicle) pass its limit of 5.
    const reports: number[] = [];
    for (let i = 0; i < 7; i++) reports.push((await ingest({ 'x-api-key': token })).statusCode);
    expect(reports).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const reads: number[] = [];
    for (let i = 0; i < 7; i++)
      reads.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/organization/things_count',
            headers: { 'x-api-key': token },
          })
        ).statusCode,
      );
    expect(reads.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(reads.at(-1)).toBe(429);
  });

  it('tenant isolation: other organisations and roles without the permission neither see nor revoke keys', async () => {
    const [key] = ApiKeysResponseSchema.parse((await call(ADMIN, 'GET', '/api/api_keys')).json()).api_keys;
    for (const email of [OTHER_ORGADMIN, OTHER_ADMIN]) {
      const list = ApiKeysResponseSchema.parse((await call(email, 'GET', '/api/api_keys')).json());
      expect(list.api_keys.map((k) => k.id)).not.toContain(key!.id);
      expect((await call(email, 'DELETE', `/api/api_keys/${key!.id}`)).statusCode).toBe(422);
    }
    for (const email of [MEDIA, USER]) {
      expect((await call(email, 'GET', '/api/api_keys')).statusCode).toBe(403);
      expect((await call(email, 'POST', '/api/api_keys', { description: 'x' })).statusCode).toBe(403);
      expect((await call(email, 'DELETE', `/api/api_keys/${key!.id}`)).statusCode).toBe(403);
    }
    expect((await keyRows()).find((r) => r.id === key!.id)?.revoked_at).toBeNull();
  });
});
