/**
 * The Zones section against a real server: a wrong-way-driver zone drawn on the map point by point
 * (terra-draw) with its default expiry, refused without a line, saved, found by the search (zone id,
 * description, and the wrong-way-driver asset reporting next to it through the OsmAnd port), shown
 * Active while that asset detects a wrong-way driver and while an incident on it counts (with the
 * time it stops counting), and deleted after a confirmation. Every screen passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { ZONE_DEFAULT_EXPIRY_MINUTES, ZONE_MESSAGES } from '@flare/core/schemas/zone';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import type { ZoneFeatureCollection } from '@flare/core/zones/zone-geojson';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { addPointByKeyboard, clickMap, closeInstructions } from './support/map-drawing';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { renderedValues, type MapWindow } from './support/test-map';
import { startServer, type RunningServer } from './support/server';
import { accessTokenOf } from './support/api';

const ADMIN = 'admin@springfield-pd.test';
const PLATFORM = 'platform@prairie-fleet.test';

let browser: Browser;
let server: RunningServer;
let page: Page;
let osmandPort: number;
let exported: ZoneFeatureCollection;
/** The ramp's first point: the detector, a patrol car and its incident stand there. */
let ramp: [lng: number, lat: number];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const main = () => page.getByRole('main');
const showing = () => main().getByText(/^Showing \(\d+\/\d+\)$/);
const search = () => main().getByRole('textbox', { name: 'Search zones' });

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

/** Registers a wrong-way-driver detector for Springfield (as the platform administrator would). */
async function registerDetector(deviceId: string, organizationId: string): Promise<string> {
  const access_token = await accessTokenOf(server.url, PLATFORM);
  const types = await api<Array<{ id: string; name: string }>>('/thing_types', access_token);
  const registered = await api<{ device_credential: { device_credential: string } }>(
    '/things',
    access_token,
    {
      method: 'POST',
      body: {
        device_id: deviceId,
        thing_type_id: types.find((type) => type.name === 'wwd')!.id,
        organization_id: organizationId,
      },
    },
  );
  return registered.device_credential.device_credential;
}

describe('alerting zones', () => {
  it('draws a zone on the map and saves it', async () => {
    await page.goto(`${server.url}/dashboard/zones`);
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
    await expectAccessible(page);
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/zones/new');
    await closeInstructions(page, 'Drawing a zone');

    // Without a line, Save says what is missing and saves nothing.
    const hotspot = main().getByRole('textbox', { name: 'Hotspot ID' });
    // The field says what a hotspot id is (its description, which a screen reader reads with it).
    const described = (await hotspot.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`[id="${described[0]}"]`).innerText()).toMatch(
      /^The id your wrong-way-driver detection system .* uses for this stretch of road/,
    );
    await hotspot.fill('HS-EXIT-92');
    await main().getByRole('textbox', { name: 'Description' }).fill('Exit 92 off-ramp');
    const expiry = main().getByRole('textbox', { name: /Default Expiry \(minutes\)/ });
    expect(await expiry.inputValue()).toBe(String(ZONE_DEFAULT_EXPIRY_MINUTES));
    await expiry.fill('45');
    await expectAccessible(page);
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('alert').filter({ hasText: ZONE_MESSAGES.tooFewPoints }).waitFor();

    // Two points along the ramp, each counted as it is clicked, the last clicked again to finish the line.
    await clickMap(page, [[-100, 0]]);
    await main().getByText('1 point drawn').waitFor();
    await clickMap(page, [
      [100, 0],
      [100, 0],
    ]);
    await main().getByText('2 points drawn').waitFor();
    await main().getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/zones\/[0-9a-f-]{36}$/);
    const row = main().getByRole('listitem').filter({ hasText: 'HS-EXIT-92' });
    await row.getByText('Standby').waitFor();
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
    await expectAccessible(page);
  });

  it('finds the zone by its id, its description and the detector along it, Active while it detects or an incident on it counts', async () => {
    const { token } = await page.evaluate(
      () => JSON.parse(localStorage.getItem('flare.auth')!) as { token: string },
    );
    const zones = await api<{
      data: Array<{
        organization_id: string;
        features: { features: Array<{ geometry: { coordinates: number[][] } }> };
      }>;
    }>('/organization/alerting_zones', token);
    const [zone] = zones.data;
    const [lng, lat] = zone!.features.features[0]!.geometry.coordinates[0]!;
    ramp = [lng!, lat!];
    const credential = await registerDetector('WWD-RAMP-92', zone!.organization_id);
    await sendOsmandReport(osmandPort, credential, { lat: String(lat), lon: String(lng), alerting: 'true' });

    await page.reload();
    const row = main().getByRole('listitem').filter({ hasText: 'HS-EXIT-92' });
    await row.getByText('Active').waitFor();
    // Selecting it fits the map to its line, drawn in the active zones' colour.
    await row.getByRole('button', { name: /HS-EXIT-92/ }).click();
    await expect
      .poll(() => renderedValues(page, 'flare-zone-lines', 'status'), { timeout: 15_000 })
      .toEqual(['active']);
    for (const [text, shown] of [
      ['wwd-ramp', 'Showing (1/1)'],
      ['exit 92', 'Showing (1/1)'],
      ['hs-exit', 'Showing (1/1)'],
      ['nowhere', 'Showing (0/1)'],
    ] as const) {
      await search().fill(text);
      await expect.poll(() => showing().textContent()).toBe(shown);
    }
    await search().fill('');

    // A patrol car stands at the ramp with its lights on for the dwell time: an incident opens there,
    // and the zone's row says until when the zone counts it.
    const stoppedAt = Math.floor(Date.now() / 1000) - 120;
    for (const timestamp of [stoppedAt, stoppedAt + SCENE_RULES.dwellMs / 1000])
      await sendOsmandReport(osmandPort, 'SPD-CAR-101', {
        lat: String(lat),
        lon: String(lng),
        alerting: 'true',
        timestamp: String(timestamp),
      });
    await page.reload();
    await row.getByText(/^INC-\d+ .* · until \d{1,2}:\d{2} [AP]M$/).waitFor();
    await expectAccessible(page);
  });

  it('a click on an incident while a zone is drawn is a point of the line, not a way out of the form', async () => {
    await page.goto(`${server.url}/dashboard/zones/new`);
    await closeInstructions(page, 'Drawing a zone');
    await page.evaluate((center) => (window as MapWindow).__flareMap!.jumpTo({ center }), ramp);
    // The incident's marker stands over the patrol car (an asset, which a click would open too).
    const incident = page.locator('.flare-location-marker');
    await incident.waitFor();
    await clickMap(page, []);
    const box = (await incident.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await main().getByText('1 point drawn').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/zones/new');
    await main().getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/dashboard\/zones$/);
  });

  it('draws a zone by keyboard: the arrows pan the focused map, Shift+F10 adds a point at its centre', async () => {
    await page.goto(`${server.url}/dashboard/zones/new`);
    await closeInstructions(page, 'Drawing a zone');
    // Opened again from its button, the instructions give the focus back to it on Escape.
    await main().getByRole('button', { name: 'View Instructions' }).press('Enter');
    await page.getByRole('dialog', { name: 'Drawing a zone' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Drawing a zone' }).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'View Instructions');
    await clickMap(page, []);
    await page.locator('.maplibregl-canvas').focus();
    await addPointByKeyboard(page);
    await main().getByText('1 point drawn').waitFor();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await addPointByKeyboard(page);
    await main().getByText('2 points drawn').waitFor();
    await main().getByRole('textbox', { name: 'Hotspot ID' }).fill('HS-KEYS');
    await main().getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/zones\/[0-9a-f-]{36}$/);
    const [id] = page.url().split('/').slice(-1);
    const { token } = await page.evaluate(
      () => JSON.parse(localStorage.getItem('flare.auth')!) as { token: string },
    );
    const zones = await api<{
      data: Array<{ id: string; features: { features: Array<{ geometry: { coordinates: number[][] } }> } }>;
    }>('/organization/alerting_zones', token);
    const saved = zones.data.find((zone) => zone.id === id)!;
    const [first, second] = saved.features.features[0]!.geometry.coordinates;
    // The second point lies east of the first: the arrows moved the map between them.
    expect(second![0]!).toBeGreaterThan(first![0]!);
    const deleted = await fetch(`${server.url}/api/organization/alerting_zones/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.ok).toBe(true);
    await page.goto(`${server.url}/dashboard/zones`);
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
  });

  it('exports the zones as GeoJSON', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Export GeoJSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^zones-springfield-police-department-\d{4}-\d{2}-\d{2}\.geojson$/,
    );
    exported = JSON.parse(await readFile(await download.path(), 'utf8')) as ZoneFeatureCollection;
    expect(exported.features.map((feature) => feature.properties)).toEqual([
      {
        hotspot_id: 'HS-EXIT-92',
        description: 'Exit 92 off-ramp',
        alert_message: null,
        default_expiry_minutes: 45,
      },
    ]);
  });

  it('deletes the zone after a confirmation', async () => {
    await main().getByRole('link', { name: 'Edit HS-EXIT-92' }).click();
    await page.waitForURL(/\/edit$/);
    await closeInstructions(page, 'Drawing a zone');
    await main().getByText('2 points drawn').waitFor();
    await main().getByRole('button', { name: 'Delete Zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Zone' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/dashboard\/zones$/);
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
  });

  it('imports the exported file (the same line back) and lists what it refused', async () => {
    const bad = { ...exported.features[0]!, properties: { hotspot_id: 'HS-BAD' } };
    const file = {
      ...exported,
      features: [
        ...exported.features,
        { ...bad, geometry: { ...bad.geometry, coordinates: [bad.geometry.coordinates[0]] } },
      ],
    };
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      main().getByRole('button', { name: 'Import' }).click(),
    ]);
    await chooser.setFiles({
      name: 'zones.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    const summary = page.getByRole('dialog', { name: 'Import zones' });
    await summary.getByText('Imported 1 zone').waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      `Feature 2 (HS-BAD): geometry: ${ZONE_MESSAGES.tooFewPoints}`,
    ]);
    await expectAccessible(page);
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
    const { token } = await page.evaluate(
      () => JSON.parse(localStorage.getItem('flare.auth')!) as { token: string },
    );
    const zones = await api<{ data: Array<{ features: { features: Array<{ geometry: unknown }> } }> }>(
      '/organization/alerting_zones',
      token,
    );
    expect(zones.data.map((zone) => zone.features.features[0]!.geometry)).toEqual([
      exported.features[0]!.geometry,
    ]);
  });
});
