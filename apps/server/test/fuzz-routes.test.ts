/**
 * No input gives a server error: every route of the OpenAPI description (so new routes join by
 * themselves) gets bounded random and hostile path parameters, query strings and bodies from
 * fast-check, as a signed-in platform administrator (who passes every permission check, so the
 * handlers themselves are reached) and anonymously; the OsmAnd ingest gets the same. Any 5xx fails.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test-app';
import { walkRequest } from './walk-request';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    STATUS_SWEEP_MS: '0',
    AUTH_RATE_LIMIT_IP: '1000000',
    AUTH_RATE_LIMIT_EMAIL: '1000000',
  });
  token = (await t.signIn('platform@prairie-fleet.test')).access_token;
});
afterAll(() => t.close());

const RUNS = 40;
/** A well-formed id for the path parameters a case leaves alone. */
const FUZZ_ID = '00000000-0000-4000-8000-000000000000';
const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = '\ud800';

/** Calls that end the test's own session or account: fuzzed anonymously only. */
const SESSION_ENDING = new Set(['POST /api/revoke_token', 'PUT /api/users/password']);

const hostileText = fc.constantFrom(
  '\u0000',
  NUL_TEXT,
  LONE_SURROGATE,
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '9'.repeat(400),
  '-9'.repeat(30),
  '1e309',
  'NaN',
  '0x7fffffffffffffff',
  '99999-12-31T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  '{"$gt":""}',
  'x'.repeat(10_000),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.uuid(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -1, 0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 3 }),
);

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[];
}

function operations(spec: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
  );
}

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a client sends it). */
const percentEncoded = (v: string) =>
  [...Buffer.from(v, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function request(operation: Operation) {
  return fc.record({
    params: fc.array(fc.oneof(fc.uuid(), hostileText, fc.string({ minLength: 1, maxLength: 20 })), {
      minLength: 4,
      maxLength: 4,
    }),
    query: fc
      .subarray(operation.query)
      .chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), value)))),
    body: fc.oneof(
      fc.tuple(...operation.body.map((name) => fc.tuple(fc.constant(name), value))).map(Object.fromEntries),
      value,
    ),
  });
}

async function send(
  operation: Operation,
  input: { params: string[]; query: Array<[string, unknown]>; body: unknown },
  headers: Record<string, string>,
) {
  let i = 0;
  const path = operation.path.replace(/\{[^}]+\}/g, () => percentEncoded(input.params[i++ % 4]!));
  const search = new URLSearchParams(
    input.query.map(([name, v]): [string, string] => [name, text(v)]),
  ).toString();
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return walkRequest(t, {
    method: operation.method as 'GET',
    url: search ? `${path}?${search}` : path,
    headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: JSON.stringify(input.body) ?? 'null' } : {}),
  });
}

describe('hostile input to every route', () => {
  it('never answers 5xx, signed in or not', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const all = operations(spec).filter((o) => !o.path.startsWith('/api/docs'));
    expect(all.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    for (const operation of all) {
      const key = `${operation.method} ${operation.path}`;
      await fc
        .assert(
          fc.asyncProperty(request(operation), fc.boolean(), async (input, signedIn) => {
            const headers = signedIn && !SESSION_ENDING.has(key) ? bearer(token) : {};
            const response = await send(operation, input, headers);
            sent++;
            if (response.statusCode >= 500)
              failures.push(`${key} ${response.statusCode} ${response.body.slice(0, 200)}`);
            return response.statusCode < 500;
          }),
          { numRuns: RUNS, seed: 20261124 },
        )
        .catch((error: unknown) => failures.push(`${key}: ${String(error).slice(0, 400)}`));
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(all.length * RUNS);
  });

  it('refuses a NUL character or a lone surrogate in any one field with 4xx, field by field', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const all = operations(spec).filter((o) => !o.path.startsWith('/api/docs'));
    const wrong: string[] = [];
    let sent = 0;
    for (const operation of all) {
      const key = `${operation.method} ${operation.path}`;
      const headers = SESSION_ENDING.has(key) ? {} : bearer(token);
      const ids = [FUZZ_ID, FUZZ_ID, FUZZ_ID, FUZZ_ID];
      const params = operation.path.match(/\{[^}]+\}/g) ?? [];
      // A URL carries no lone surrogate (a client encodes it as U+FFFD): those go in JSON bodies only.
      const inputs = [
        ...params.map((_, at) => ({ params: ids.with(at, NUL_TEXT), query: [], body: {} })),
        ...operation.query.map((name) => ({ params: ids, query: [[name, NUL_TEXT]], body: {} })),
        ...operation.body.flatMap((name) =>
          [NUL_TEXT, LONE_SURROGATE].map((bad) => ({ params: ids, query: [], body: { [name]: bad } })),
        ),
      ] as Array<{ params: string[]; query: Array<[string, unknown]>; body: unknown }>;
      for (const input of inputs) {
        const response = await send(operation, input, headers);
        sent++;
        if (response.statusCode < 400 || response.statusCode >= 500)
          wrong.push(
            `${key} ${JSON.stringify(input)}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(all.length);
  });

  it('never answers 5xx on the OsmAnd ingest', async () => {
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(
          fc.array(
            fc.tuple(
              fc.constantFrom(
                'id',
                'lat',
                'lon',
                'timestamp',
                'speed',
                'bearing',
                'accuracy',
                'batt',
                'alarm',
                'location',
                'valid',
                'hdop',
                'driverUniqueId',
                'x',
              ),
              value,
            ),
            { maxLength: 8 },
          ),
          async (pairs) => {
            const search = new URLSearchParams([
              ['id', 'SPD-CAR-107'],
              ...pairs.map(([n, v]): [string, string] => [n, text(v)]),
            ]);
            const response = await t.app.inject({
              method: 'POST',
              url: `/api/ingest/osmand?${search.toString()}`,
            });
            if (response.statusCode >= 500)
              failures.push(`${response.statusCode} ${search.toString().slice(0, 200)}`);
            return response.statusCode < 500;
          },
        ),
        { numRuns: 300, seed: 20261124 },
      )
      .catch((error: unknown) => failures.push(String(error).slice(0, 400)));
    expect(failures).toEqual([]);
  });
});
