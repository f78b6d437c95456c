/**
 * A closure's driving route against a real server whose DIRECTIONS_URL is a local HTTP server acting
 * as the OSRM-compatible directions service: the route it finds is drawn on the map and saved as the
 * closure's route_path; when it finds none, its message is shown and the straight segments are saved.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Closure } from '@flare/core/schemas/closure';
import { apiAs } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { clickMap, closeInstructions } from './support/map-drawing';
import { pixelsOfHue } from './support/pixels';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
/** Clicked from the map's centre: the route the service draws turns at (-120, -20) and passes (0, -20). */
const CLICKS: Array<[number, number]> = [
  [-120, 20],
  [0, 0],
  [120, -20],
  [120, -20],
];
const ON_ROUTE_ONLY: [number, number] = [0, -20];

let service: Server;
let routes = true;
/** The geometry the service answered last. */
let answered: number[][] = [];
/** The driving route's colour, as the form's legend shows it. */
let routeColour = '';
let browser: Browser;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  // Routes from the first point north (to the last point's latitude), then east to the last.
  service = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const points = path
      .split('/')
      .at(-1)!
      .split(';')
      .map((point) => point.split(',').map(Number));
    const [first, last] = [points[0]!, points.at(-1)!];
    response.setHeader('content-type', 'application/json');
    if (!routes) {
      response.statusCode = 400;
      response.end(JSON.stringify({ code: 'NoRoute', message: 'Impossible route' }));
      return;
    }
    answered = [first, [first[0]!, last[1]!], last];
    response.end(
      JSON.stringify({ code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates: answered } }] }),
    );
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const directionsUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  [server, browser] = await Promise.all([
    startServer({ env: { SIMULATOR: 'false', DIRECTIONS_URL: directionsUrl } }),
    openBrowser(),
  ]);
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => service?.close(resolve));
});

const main = () => page.getByRole('main');

async function drawClosure(description: string) {
  await page.goto(`${server.url}/dashboard/closures`);
  await main().getByRole('link', { name: 'Add' }).click();
  await page.waitForURL('**/dashboard/closures/new');
  await closeInstructions(page, 'Drawing a closure');
  await main().getByRole('textbox', { name: 'Description' }).fill(description);
  await clickMap(page, CLICKS);
  await main().getByText('3 route points').waitFor();
}

/** The saved closure, as the server answered the save. */
async function save(): Promise<Closure> {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/organization/closure') && response.request().method() === 'POST',
  );
  await main().getByRole('button', { name: 'Save' }).click();
  const closure = (await (await saved).json()) as Closure;
  await page.waitForURL(/\/dashboard\/closures\/[0-9a-f-]{36}$/);
  return closure;
}

/** Pixels of the driving route's colour where only the driving route passes. */
async function routePixels(colour: string): Promise<number> {
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  const [dx, dy] = ON_ROUTE_ONLY;
  return pixelsOfHue(page, { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy }, colour, 6);
}

/** Features the map draws in the form's driving-route layer. */
const drivingRouteFeatures = () =>
  page.evaluate(() => {
    type TestMap = {
      getLayer(id: string): unknown;
      queryRenderedFeatures(options: { layers: string[] }): unknown[];
    };
    const map = (window as Window & { __flareMap?: TestMap }).__flareMap!;
    return map.getLayer('flare-closure-driving-route')
      ? map.queryRenderedFeatures({ layers: ['flare-closure-driving-route'] }).length
      : 0;
  });

describe('a closure route from the directions service', () => {
  it('draws the driving route and saves it as the route path', async () => {
    await drawClosure('Detour by the roads');
    const legend = main().getByText('The route follows the roads');
    await legend.waitFor();
    routeColour = await legend.evaluate((element) => getComputedStyle(element).color);
    await expect.poll(() => routePixels(routeColour)).toBeGreaterThan(5);
    expect(await drivingRouteFeatures()).toBeGreaterThan(0);
    await expectAccessible(page);
    const closure = await save();
    expect(closure.route_path.coordinates).toEqual(answered);
    expect(closure.user_route.coordinates).toHaveLength(3);
    // Gone again: the closures layer would draw its route where the next test looks for none.
    const api = await apiAs(server.url, ADMIN);
    expect((await api('DELETE', `/organization/closure/${closure.id}`)).status).toBe(200);
  });

  it("shows the service's message when it finds no route, and saves the straight segments", async () => {
    routes = false;
    await drawClosure('Straight across');
    await main().getByRole('alert').filter({ hasText: 'Impossible route' }).waitFor();
    expect(await main().getByText('The route follows the roads').count()).toBe(0);
    // No driving route drawn (asked of the map's layer: the demo's own closures, drawn in the same
    // colour, may pass where the pixels would be counted).
    expect(await drivingRouteFeatures()).toBe(0);
    await expectAccessible(page);
    const closure = await save();
    expect(closure.route_path).toEqual(closure.user_route);
  });
});
