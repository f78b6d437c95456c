/**
 * A run's export against a real server: a patrol car's drive reported through the OsmAnd port, the
 * trip report shown, then Download GPX and Download GeoJSON: each file is named after the asset and
 * the run's start and holds every reported point in order, with its time and speed. Axe on the view.
 */
import { readFile } from 'node:fs/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunFeatureCollection } from '@flare/core/trips/trip-export';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { demoTimeInput } from './support/demo-time';

const USER = 'user@springfield-pd.test';
/** Seeded silent and not driven (the simulator is off): its only points are the test's. */
const CAR = { id: 'SPD-CAR-110', name: 'Patrol 110' };
const HOUR = 3_600_000;
/** Two hours ago, on a whole minute. */
const T0 = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;
/** Ten reports 20 s apart driving north at 20 knots. */
const DRIVE = Array.from({ length: 10 }, (_, i) => ({
  at: T0 + i * 20_000,
  lat: 39.75 + i * 0.002,
  lng: -89.65,
}));
const KNOTS_20_MPS = (20 * 1852) / 3600;

let browser: Browser;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  const osmandPort = server.osmandPort;
  for (const point of DRIVE) {
    await sendOsmandReport(osmandPort, CAR.id, {
      timestamp: String(point.at / 1000),
      lat: String(point.lat),
      lon: String(point.lng),
      speed: '20',
      bearing: '0',
      accuracy: '5',
    });
  }
  page = await browser.newPage({ timezoneId: 'UTC', acceptDownloads: true });
  await signInAs(page, server.url, USER);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The run's start as the file name carries it: `yyyy-MM-dd-HHmm`, on the organisation's clock. */
const startStamp = () => demoTimeInput(T0).replace('T', '-').replace(':', '');

async function download(button: RegExp) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

describe('trip export', () => {
  it("shows the car's run with its download buttons", async () => {
    await page.goto(`${server.url}/dashboard/trips`);
    await page.getByPlaceholder('Select up to 5 assets').click();
    await page.getByPlaceholder('Select up to 5 assets').fill(CAR.name);
    await page.getByRole('option', { name: CAR.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Start time').fill(demoTimeInput(T0 - 10 * 60_000));
    await page.getByLabel('End time').fill(demoTimeInput(T0 + HOUR));
    await page.getByRole('button', { name: 'Show Trips' }).click();
    const trips = page.getByRole('region', { name: `Trips of ${CAR.name}` });
    await expect.poll(() => trips.getByTestId('trip-summary').textContent()).toMatch(/^1 run · /);
    await page.getByRole('button', { name: /^Download GPX of the run of/ }).waitFor();
    await expectAccessible(page);
  });

  it('downloads the run as GPX: every point in order with its time and speed', async () => {
    const { name, text } = await download(/^Download GPX of the run of/);
    expect(name).toBe(`patrol-110-${startStamp()}.gpx`);
    expect(XMLValidator.validate(text)).toBe(true);
    const { gpx } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(text) as {
      gpx: {
        '@_creator': string;
        metadata: { name: string };
        trk: {
          trkseg: {
            trkpt: Array<{
              '@_lat': string;
              '@_lon': string;
              time: string;
              extensions: { 'gpxtpx:TrackPointExtension': { 'gpxtpx:speed': number } };
            }>;
          };
        };
      };
    };
    expect(gpx['@_creator']).toBe('Flare');
    expect(gpx.metadata.name).toBe(CAR.name);
    const points = gpx.trk.trkseg.trkpt;
    expect(points.map((p) => [Number(p['@_lat']), Number(p['@_lon']), p.time])).toEqual(
      DRIVE.map((p) => [p.lat, p.lng, new Date(p.at).toISOString()]),
    );
    for (const point of points)
      expect(point.extensions['gpxtpx:TrackPointExtension']['gpxtpx:speed']).toBeCloseTo(KNOTS_20_MPS, 2);
  });

  it('downloads the run as GeoJSON: its line and every point in order', async () => {
    const { name, text } = await download(/^Download GeoJSON of the run of/);
    expect(name).toBe(`patrol-110-${startStamp()}.geojson`);
    const collection = JSON.parse(text) as RunFeatureCollection;
    expect(collection.type).toBe('FeatureCollection');
    const [line, ...points] = collection.features;
    const lngLats = DRIVE.map((p) => [p.lng, p.lat]);
    expect(line.geometry).toEqual({ type: 'LineString', coordinates: lngLats });
    expect(line.properties).toMatchObject({
      asset_name: CAR.name,
      run_start: new Date(T0).toISOString(),
      run_end: new Date(DRIVE.at(-1)!.at).toISOString(),
      duration_s: 180,
    });
    expect(points.map((p) => [p.geometry.coordinates, p.properties.time])).toEqual(
      DRIVE.map((p) => [[p.lng, p.lat], new Date(p.at).toISOString()]),
    );
  });
});
