/**
 * Areas as GeoJSON against a real server: Export GeoJSON downloads the areas listed; importing a file
 * with two good features and one too large saves the two and lists the refusal with the rule's
 * message; the exported file dropped on the list imports the same shapes again. Every screen and the
 * summary pass axe.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AreaFeatureCollection } from '@flare/core/areas/area-geojson';
import { AREA_MESSAGES, type Area, type EzType } from '@flare/core/schemas/area';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const AT = { lat: 39.7901, lng: -89.6442 };

let browser: Browser;
let server: RunningServer;
let page: Page;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  page = await browser.newPage();
  await signInAs(page, server.url, ADMIN);
  token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('flare.auth')!) as { token: string }).token,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}
const listAreas = async () => (await api<{ data: Area[] }>('/organization/exclusion_zone')).data;

/** A closed square ring of `side` degrees (0.002°: about 0.02 square miles here; 0.02°: about 1.7). */
function square(side: number, { lat, lng } = AT) {
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lng, lat],
        [lng + side, lat],
        [lng + side, lat + side],
        [lng, lat + side],
        [lng, lat],
      ] as Array<[number, number]>,
    ],
  };
}

const main = () => page.getByRole('main');
const showing = () => main().getByText(/^Showing \(\d+\/\d+\)$/);
const summary = () => page.getByRole('dialog', { name: 'Import areas' });
const shapeOf = (area: Area) => area.area_geom ?? area.point_geom;

let exported: AreaFeatureCollection;

describe('areas as GeoJSON', () => {
  it('exports the areas listed as a GeoJSON file', async () => {
    const types = await api<EzType[]>('/ez_types');
    const typeId = (dbName: string) => types.find((type) => type.db_name === dbName)!.id;
    await api('/organization/exclusion_zone', {
      name: 'North lot',
      ez_type_id: typeId('exclusion'),
      ...AT,
      area_geom: square(0.002),
      city: 'Springfield',
      state: 'IL',
      country_code: 'US',
    });
    await api('/organization/exclusion_zone', {
      name: 'Memorial',
      desc: 'Trauma centre',
      ez_type_id: typeId('hospital'),
      lat: 39.81,
      lng: -89.64,
      is_poi: true,
      state: 'IL',
      postal_code: '62701',
      country_code: 'US',
    });

    await page.goto(`${server.url}/dashboard/areas`);
    await expect.poll(() => showing().textContent()).toBe('Showing (2/2)');
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Export GeoJSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^areas-springfield-police-department-\d{4}-\d{2}-\d{2}\.geojson$/,
    );
    exported = JSON.parse(await readFile(await download.path(), 'utf8')) as AreaFeatureCollection;

    const areas = await listAreas();
    expect(exported.type).toBe('FeatureCollection');
    expect(exported.features).toHaveLength(2);
    for (const area of areas) {
      const feature = exported.features.find((candidate) => candidate.id === area.id)!;
      expect(feature.geometry).toEqual(shapeOf(area));
      expect(feature.properties).toMatchObject({
        name: area.name,
        desc: area.desc,
        ez_type: area.ez_type.db_name,
        state: area.state,
        postal_code: area.postal_code,
        radius_dist: 0,
      });
    }
  });

  it('imports the good features of a file and lists the refused one with the reason', async () => {
    const feature = (name: string, geometry: unknown) => ({
      type: 'Feature',
      geometry,
      properties: { name, ez_type: 'station', state: 'IL', country_code: 'US' },
    });
    const file = {
      type: 'FeatureCollection',
      features: [
        feature('Station 1', square(0.002, { lat: 39.8, lng: -89.65 })),
        feature('Whole town', square(0.02, { lat: 39.75, lng: -89.7 })),
        feature('Helipad', { type: 'Point', coordinates: [-89.66, 39.79] }),
      ],
    };
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      main().getByRole('button', { name: 'Import' }).click(),
    ]);
    await chooser.setFiles({
      name: 'stations.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await summary().getByText('Imported 2 areas').waitFor();
    await expect
      .poll(() => summary().getByRole('listitem').allTextContents())
      .toEqual([`Feature 2 (Whole town): ${AREA_MESSAGES.tooLarge}`]);
    await expectAccessible(page);
    await summary().getByRole('button', { name: 'Close' }).click();
    await summary().waitFor({ state: 'hidden' });
    await expect.poll(() => showing().textContent()).toBe('Showing (4/4)');
    const names = (await listAreas()).map((area) => area.name);
    expect(names).toEqual(expect.arrayContaining(['Station 1', 'Helipad']));
    expect(names).not.toContain('Whole town');
  });

  it('imports an exported file dropped on the list as the same shapes', async () => {
    const before = new Set((await listAreas()).map((area) => area.id));
    await main()
      .getByRole('list', { name: 'Areas' })
      .evaluate((target, text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], 'areas.geojson', { type: 'application/geo+json' }));
        for (const type of ['dragover', 'drop'])
          target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }, JSON.stringify(exported));
    await summary().getByText('Imported 2 areas').waitFor();
    await summary().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => showing().textContent()).toBe('Showing (6/6)');

    const imported = (await listAreas()).filter((area) => !before.has(area.id));
    expect(imported).toHaveLength(2);
    for (const feature of exported.features) {
      const copy = imported.find((area) => area.name === feature.properties.name)!;
      expect(shapeOf(copy)).toEqual(feature.geometry);
      expect(copy).toMatchObject({
        desc: feature.properties.desc,
        ez_type: { db_name: feature.properties.ez_type },
        city: feature.properties.city,
        state: feature.properties.state,
        postal_code: feature.properties.postal_code,
      });
    }
  });
});
