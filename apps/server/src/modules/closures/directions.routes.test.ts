/**
 * POST /api/directions against a local HTTP server acting as the OSRM-compatible directions service:
 * its route's geometry; its refusal's own message; an unreachable service; no service configured;
 * too many points; who may ask.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSURE_MESSAGES, DIRECTIONS_MAX_POINTS, DirectionsSchema } from '@flare/core/schemas/closure';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
const PLACES = [
  [-89.65, 39.8],
  [-89.645, 39.8],
  [-89.64, 39.801],
];
/** The route the service draws through the points: by way of a corner north-east of the first. */
const ROUTE = {
  type: 'LineString',
  coordinates: [
    [-89.65, 39.8],
    [-89.65, 39.801],
    [-89.64, 39.801],
  ],
};

let service: Server;
const asked: URL[] = [];
let configured: TestApp;
let unreachable: TestApp;
let unset: TestApp;
/** Each app's admin (who may draw a closure's route) and user (who may not). */
const people = new Map<TestApp, { admin: string; user: string }>();

beforeAll(async () => {
  service = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    asked.push(url);
    response.setHeader('content-type', 'application/json');
    // Points south of the equator have no road between them.
    if (url.pathname.split('/').at(-1)!.includes(',-')) {
      response.statusCode = 400;
      response.end(JSON.stringify({ code: 'NoRoute', message: 'Impossible route' }));
    } else if (url.pathname.startsWith('/route/v1/driving/')) {
      response.end(
        JSON.stringify({
          code: 'Ok',
          routes: [{ geometry: ROUTE, distance: 1000, duration: 60 }],
          waypoints: [],
        }),
      );
    } else {
      response.statusCode = 500;
      response.end('not JSON');
    }
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  [configured, unreachable, unset] = await Promise.all([
    createTestApp({ STATUS_SWEEP_MS: '0', DIRECTIONS_URL: `${serviceUrl}/` }),
    createTestApp({ STATUS_SWEEP_MS: '0', DIRECTIONS_URL: 'http://127.0.0.1:1' }),
    createTestApp({ STATUS_SWEEP_MS: '0' }),
  ]);
  for (const t of [configured, unreachable, unset]) {
    const given = fixtures(t);
    const { id } = await given.organization();
    people.set(t, {
      admin: (await given.user(id, 'ADMIN')).email,
      user: (await given.user(id, 'USER')).email,
    });
  }
});
afterAll(async () => {
  await Promise.all([configured?.close(), unreachable?.close(), unset?.close()]);
  await new Promise((resolve) => service.close(resolve));
});

async function route(t: TestApp, coordinates: number[][], who: 'admin' | 'user' | null = 'admin') {
  const headers = who ? bearer((await t.signIn(people.get(t)![who])).access_token) : {};
  return t.app.inject({ method: 'POST', url: '/api/directions', headers, payload: { coordinates } });
}

describe('POST /api/directions', () => {
  it("answers the service's route through the points", async () => {
    const response = await route(configured, PLACES);
    expect(response.statusCode, response.body).toBe(200);
    expect(DirectionsSchema.parse(response.json())).toEqual({ route_path: ROUTE });
    const url = asked.at(-1)!;
    expect(url.pathname).toBe(
      '/route/v1/driving/-89.650000,39.800000;-89.645000,39.800000;-89.640000,39.801000',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ overview: 'full', geometries: 'geojson' });
  });

  it("fails with the service's own message, or 'Something went wrong'", async () => {
    const impossible = await route(configured, [
      [-89.65, -39.8],
      [-89.64, -39.8],
    ]);
    expect([impossible.statusCode, impossible.json().message]).toEqual([502, 'Impossible route']);
    const down = await route(unreachable, PLACES);
    expect([down.statusCode, down.json()]).toEqual([
      502,
      { error: 'directions_failed', message: CLOSURE_MESSAGES.directionsFailed },
    ]);
  });

  it('says there is no service when none is configured (the straight segments are kept)', async () => {
    const response = await route(unset, PLACES);
    expect([response.statusCode, response.json()]).toEqual([200, { route_path: null }]);
  });

  it(`refuses more than ${DIRECTIONS_MAX_POINTS} points, and fewer than 2`, async () => {
    const before = asked.length;
    const points = Array.from({ length: DIRECTIONS_MAX_POINTS + 1 }, (_, i) => [-89.65 + i / 1000, 39.8]);
    const many = await route(configured, points);
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain(CLOSURE_MESSAGES.tooManyRoutePoints);
    expect((await route(configured, points.slice(0, DIRECTIONS_MAX_POINTS))).statusCode).toBe(200);
    expect((await route(configured, points.slice(0, 1))).statusCode).toBe(400);
    expect(asked.length).toBe(before + 1);
  });

  it('is for those who may add or change closures, signed in', async () => {
    expect((await route(configured, PLACES, 'user')).statusCode).toBe(403);
    expect((await route(configured, PLACES, null)).statusCode).toBe(401);
  });
});
