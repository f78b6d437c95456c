/**
 * The driver view (/drive) on a phone, opened from a partner's link (its alerts key in the fragment):
 * a simulated car drives towards three police cars that stop with their lights on ahead of it (sent
 * through the OsmAnd port as Traccar Client sends), and the banner shows the scene, counts its
 * distance down, speaks it, draws it on the map, and clears once the car has passed; a car driving
 * away from the scene hears nothing of it (a hazard reported ahead of it afterwards is what it hears);
 * the organisation's admin sees the driver's connection, the delivery per day, and how widely the
 * incident's alert went out; a phone's GPS standing beside the scene hears it; a key that may not
 * read alerts is told so.
 * The car moves on the page's clock (support/clock.ts), one simulated second per step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { ALERT_MESSAGES, type Alert } from '@flare/core/schemas/alert';
import { apiAs, type ApiCall } from './support/api';
import { expectAccessible, openBrowser, type Browser, type PageOptions } from './support/browser';
import { runClockUntil } from './support/clock';
import { sendOsmandReport } from './support/osmand';
import { startServer, type RunningServer } from './support/server';
import { signInAs } from './support/sign-in';
import { renderedValues } from './support/test-map';

const ADMIN = 'admin@springfield-pd.test';
/** Seeded silent and not driven (the simulator is off): they move only when the test reports. */
const POLICE_CARS = ['SPD-SUV-103', 'SPD-CAR-110', 'SPD-CAR-109'];
const SCENE = { lat: 39.7817, lng: -89.6501 };
const METRES_PER_DEGREE_LAT = 111_195;
const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((SCENE.lat * Math.PI) / 180);
/** A point `metres` east (negative: west) and `north` metres north of the scene. */
const fromScene = (east: number, north = 0) => ({
  lat: SCENE.lat + north / METRES_PER_DEGREE_LAT,
  lng: SCENE.lng + east / metresPerDegreeLng,
});
const PHONE: PageOptions = { touch: true, viewport: { width: 390, height: 844 } };

let browser: Browser;
let server: RunningServer;
let osmandPort: number;
let admin: ApiCall;
let partnerKey: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  admin = await apiAs(server.url, ADMIN);
  partnerKey = await createKey(['alerts:read']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function createKey(scopes: string[]): Promise<string> {
  const created = await admin<{ token: string }>('POST', '/api_keys', { description: 'Driver app', scopes });
  expect(created.status).toBe(201);
  return created.body.token;
}

/** The partner's view of the active alerts. */
async function activeAlerts(): Promise<Alert[]> {
  const response = await fetch(`${server.url}/api/alerts`, { headers: { 'x-api-key': partnerKey } });
  return ((await response.json()) as { alerts: Alert[] }).alerts;
}

const seconds = (msAgo: number) => String(Math.floor((Date.now() - msAgo) / 1000));

/** A police car stops with its lights on: two reports the dwell time apart (in report time). */
async function stopWithLightsOn(deviceId: string, position: { lat: number; lng: number }): Promise<void> {
  for (const msAgo of [SCENE_RULES.dwellMs + 10_000, 2_000]) {
    await sendOsmandReport(osmandPort, deviceId, {
      timestamp: seconds(msAgo),
      lat: String(position.lat),
      lon: String(position.lng),
      speed: '0',
      alerting: '1',
      bearing: '90',
    });
  }
}

/** A phone's page with speech recorded: what the page would say aloud, in order. */
async function phonePage(options: PageOptions = {}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...PHONE, ...options });
  await context.addInitScript(() => {
    const spoken: string[] = [];
    (window as Window & { spoken?: string[] }).spoken = spoken;
    window.speechSynthesis.speak = (utterance) => void spoken.push(utterance.text);
  });
  return { page: await context.newPage(), context };
}

const spoken = (page: Page) => page.evaluate(() => (window as Window & { spoken?: string[] }).spoken ?? []);
const banner = (page: Page) => page.getByRole('region', { name: 'Alerts ahead' });
const distanceMetres = async (page: Page) => {
  const text = (await page.getByTestId('alert-distance').textContent()) ?? '';
  const [, value, unit] = /^([\d.]+) (m|km)$/.exec(text) ?? [];
  return Number(value) * (unit === 'km' ? 1000 : 1);
};

/** Opens the partner's link for a demo drive from `from` along `heading`, and waits for its connection. */
async function drive(page: Page, from: { lat: number; lng: number }, heading: number, key = partnerKey) {
  const query = `demo&from=${from.lat},${from.lng}&heading=${heading}&speed=100`;
  await page.goto(`${server.url}/drive?${query}#key=${key}`);
}

/** Stops the page's clock (the car stands still) a second ahead of its time. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/** Checks the page with axe, which waits on the page's timers: the clock runs meanwhile. */
async function expectAccessibleWhilePaused(page: Page): Promise<void> {
  await page.clock.resume();
  await expectAccessible(page);
  await pauseClock(page);
}

async function connected(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Connected: alerts arrive as they happen' }).waitFor();
}

describe('the driver view', () => {
  it('warns a car driving towards three police cars stopped with their lights on, counts down, and clears once past', async () => {
    const { page, context } = await phonePage({ map: 'blank', clock: true });
    try {
      // 1.2 km west of where the police cars will stop, driving east at 100 km/h.
      await drive(page, fromScene(-1_200), 90);
      await connected(page);
      expect(await banner(page).textContent()).toContain('No alerts ahead');
      // The key left the address bar (it stays on the device for the installed app).
      expect(page.url()).not.toContain(partnerKey);
      await expect
        .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
        .toBe('/drive.webmanifest');
      await expectAccessible(page);
      // Spoken warnings on, by keyboard.
      await page.getByRole('switch', { name: 'Spoken warnings' }).focus();
      await page.keyboard.press('Space');
      expect(await page.getByRole('switch', { name: 'Spoken warnings' }).isChecked()).toBe(true);

      // The car stands still on the page's clock while the police cars stop ahead of it.
      await pauseClock(page);
      for (const [index, car] of POLICE_CARS.entries()) await stopWithLightsOn(car, fromScene(0, index * 15));
      await expect
        .poll(async () => (await activeAlerts()).filter((a) => a.type === 'responder_scene'))
        .toHaveLength(1);
      const [scene] = (await activeAlerts()).filter((a) => a.type === 'responder_scene');

      await banner(page).getByText('Emergency scene').waitFor();
      expect(await banner(page).textContent()).toContain(scene!.message);
      const first = await distanceMetres(page);
      expect(first).toBeGreaterThan(900);
      expect(first).toBeLessThan(1_300);
      await expect.poll(() => spoken(page)).toEqual([expect.stringMatching(/^Emergency scene\./)]);
      await expectAccessibleWhilePaused(page);

      // Driving on: the distance counts down, and the scene is drawn on the map.
      await runClockUntil(
        page,
        async () =>
          (await distanceMetres(page)) < first - 200 &&
          [
            ...(await renderedValues(page, 'flare-drive-alert-area', 'id')),
            ...(await renderedValues(page, 'flare-drive-alert-point', 'id')),
          ].includes(scene!.id),
        1_000,
      );
      // Past the scene: the banner clears.
      await runClockUntil(
        page,
        async () => (await banner(page).textContent())!.includes('No alerts ahead'),
        1_000,
      );
      expect(await spoken(page)).toHaveLength(1);

      // The organisation's admin sees the driver's connection and the delivery, and how widely the
      // incident's alert went out.
      const dashboard = await browser.newPage();
      try {
        await signInAs(dashboard, server.url, ADMIN);
        await dashboard.goto(`${server.url}/dashboard/accounts/integrations`);
        const connected = dashboard.getByRole('table', { name: 'Connected now' });
        await connected
          .getByRole('row')
          .filter({ hasText: 'Driver app' })
          .filter({ hasText: 'Vehicles (1)' })
          .waitFor();
        await expect
          .poll(() => dashboard.getByTestId('alert-deliveries-summary').textContent())
          .toMatch(/ 1 to vehicles /);
        await expectAccessible(dashboard);
        await dashboard.goto(`${server.url}/dashboard/events/${scene!.source.id}`);
        await dashboard.getByText('Active: sent to 1 partner, 1 vehicle warned').waitFor();
      } finally {
        await dashboard.close();
      }
    } finally {
      await context.close();
    }
  });

  it('says nothing of a scene behind a car driving away from it, and warns it of a hazard ahead', async () => {
    const scene = (await activeAlerts()).find((a) => a.type === 'responder_scene');
    expect(scene, 'the first test leaves the police cars on scene').toBeDefined();
    const { page, context } = await phonePage({ clock: true });
    try {
      await page.addInitScript(() =>
        localStorage.setItem('flare.prefs', JSON.stringify({ spokenWarnings: true })),
      );
      // 400 m east of the scene (past its 300 m all around), driving on east.
      await drive(page, fromScene(400), 90);
      await connected(page);
      await pauseClock(page);

      // A hazard reported 800 m east of the scene: 400 m ahead of the car, within a hazard's 500 m.
      const hazard = await admin('POST', '/hazards', {
        hazard_type: 'debris',
        severity: 'medium',
        ...fromScene(800),
      });
      expect(hazard.status).toBe(201);
      await banner(page).getByText('Hazard').waitFor();
      // The scene behind was never heard: the hazard is the only alert ahead, and the only one spoken.
      expect(await banner(page).textContent()).not.toMatch(/more alert/);
      expect(await spoken(page)).toEqual([expect.stringMatching(/^Hazard\./)]);
      await expectAccessibleWhilePaused(page);
    } finally {
      await context.close();
    }
  });

  it("follows a phone's GPS: standing beside the scene, it hears it", async () => {
    const { page, context } = await phonePage({
      geolocation: { latitude: fromScene(0, 150).lat, longitude: fromScene(0, 150).lng },
      permissions: ['geolocation'],
    });
    try {
      await page.goto(`${server.url}/drive#key=${partnerKey}`);
      await banner(page).getByText('Emergency scene').waitFor();
      expect(await page.getByText('Following your position').count()).toBe(1);
      // Opened again without the link (as the installed app opens), the device remembers the key.
      await page.goto(`${server.url}/drive`);
      await banner(page).getByText('Emergency scene').waitFor();
    } finally {
      await context.close();
    }
  });

  it('tells a driver whose link may not read alerts why, and a visitor without a link how to get one', async () => {
    const assetsKey = await createKey(['assets:read']);
    const { page, context } = await phonePage();
    try {
      await page.goto(`${server.url}/drive#key=${assetsKey}`);
      await page.getByRole('status').filter({ hasText: ALERT_MESSAGES.driveLinkNotAllowed }).waitFor();
      await expectAccessible(page);
      // A refused key is forgotten: opened again without a link, the page asks for one.
      await page.goto(`${server.url}/drive`);
      await page.getByRole('heading', { name: 'Driver alerts' }).waitFor();
      expect(await page.getByText('Open this page from the link').count()).toBe(1);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
