/**
 * One clock: the browser runs in Tokyo, the organisation (Springfield) in Chicago, 15 hours apart. The
 * header, the incident list and detail, the asset detail, closures, trips, hazards, users and exports
 * all show their times on Chicago's clock, in one family of formats, and the date-time fields are
 * read and filled on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import type { Closure } from '@flare/core/schemas/closure';
import type { Export } from '@flare/core/schemas/export';
import type { Hazard } from '@flare/core/schemas/hazard';
import type { Thing } from '@flare/core/schemas/thing';
import type { OrganizationUsersResponse } from '@flare/core/schemas/user';
import { formatDateTime, zoneAbbreviation } from '@flare/core/time/zoned-time';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { demoThingId } from '@flare/server/src/seed/demo-fleet';
import { apiAs, type ApiCall } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { DEMO_TIME_ZONE, demoTimeInput } from './support/demo-time';
import { sendOsmandReport } from './support/osmand';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const BROWSER_ZONE = 'Asia/Tokyo';
/** Seeded silent and not driven (the simulator is off): it reports only when this test says so. */
const ASSET = { id: 'SPD-SUV-103', name: 'Sergeant 103' };
const SCENE = { lat: 39.7817, lng: -89.6501 };

let browser: Browser;
let server: RunningServer;
let osmandPort: number;
let signedIn: SignedInContext;
let api: ApiCall;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  signedIn = await signedInContext(browser, server.url, ADMIN, { timezoneId: BROWSER_ZONE });
  api = await apiAs(server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** As the dashboard shows a time: on Chicago's clock ("Nov 27, 2026, 5:13 AM", seconds when asked). */
const chicago = (time: string | number, seconds = false) => formatDateTime(time, DEMO_TIME_ZONE, { seconds });
/** The same time on the browser's own clock, which the page must not show. */
const tokyo = (time: string | number, seconds = false) => formatDateTime(time, BROWSER_ZONE, { seconds });

/** Two stopped reports with lights on, the dwell time apart: the asset arrives on a scene (an incident). */
async function arrive(): Promise<number> {
  const last = Math.floor((Date.now() - 5_000) / 1000) * 1000;
  for (const at of [last - SCENE_RULES.dwellMs - 5_000, last])
    await sendOsmandReport(osmandPort, ASSET.id, {
      timestamp: String(at / 1000),
      lat: String(SCENE.lat),
      lon: String(SCENE.lng),
      speed: '0',
      alerting: '1',
    });
  return last;
}

async function expectShown(page: Page, time: string | number, seconds = false): Promise<void> {
  await page.getByText(chicago(time, seconds), { exact: false }).first().waitFor();
  expect(await page.getByText(tokyo(time, seconds), { exact: false }).count()).toBe(0);
}

describe('one clock', () => {
  it("shows the header clock on the organisation's clock, naming its zone", async () => {
    const page = await signedIn.open('/dashboard/things');
    const clock = page.getByRole('status', { name: 'Status' }).locator('time');
    await clock.waitFor();
    const minute = Date.parse((await clock.getAttribute('datetime'))!);
    expect(await clock.textContent()).toBe(`${chicago(minute)} ${zoneAbbreviation(minute, DEMO_TIME_ZONE)}`);
    expect(await clock.textContent()).toMatch(/ C[SD]T$/);
    await page.close();
  });

  it('shows the asset detail, the incident list and the incident detail on that clock', async () => {
    const last = await arrive();
    const page = await signedIn.open(`/dashboard/things/${demoThingId(ASSET.id)}`);
    await expectShown(page, last, true);
    const thing = await api<Thing>('GET', `/things/${demoThingId(ASSET.id)}`);
    expect(Date.parse(thing.body.heartbeat_datetime!)).toBe(last);

    let incident: { id: string; start_time: string } | undefined;
    await expect
      .poll(async () => {
        const active = await api<{ data: Array<{ id: string; start_time: string }> }>(
          'GET',
          '/locations/active',
        );
        // The newest: the scene just formed.
        incident = active.body.data.toSorted((a, b) => a.start_time.localeCompare(b.start_time)).at(-1);
        return incident;
      })
      .toBeDefined();
    await page.goto(`${server.url}/dashboard/events`);
    await expectShown(page, incident!.start_time, true);
    await page.goto(`${server.url}/dashboard/events/${incident!.id}`);
    await expectShown(page, incident!.start_time, true);
    await expectAccessible(page);
    await page.close();
  });

  it('shows a closure on that clock, and its form fills and reads its fields on it', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 3 * 3_600_000;
    const end = start + 2 * 3_600_000;
    const created = await api<Closure>('POST', '/organization/closure', {
      closure_type: 'manual',
      description: 'Bridge deck repair',
      user_route: {
        type: 'LineString',
        coordinates: [
          [-89.65, 39.8],
          [-89.64, 39.801],
        ],
      },
      is_scheduled: true,
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
    });
    expect(created.status).toBe(201);
    const page = await signedIn.open(`/dashboard/closures/${created.body.id}`);
    await expectShown(page, start);
    await expectShown(page, end);
    await page.goto(`${server.url}/dashboard/closures/${created.body.id}/edit`);
    const startField = page.getByLabel('Start');
    await startField.waitFor();
    expect(await startField.inputValue()).toBe(demoTimeInput(start));
    await page
      .getByText(`In ${zoneAbbreviation(start, DEMO_TIME_ZONE)}`)
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('opens trips on the 24 hours ending now on that clock', async () => {
    const before = Math.floor(Date.now() / 60_000) * 60_000;
    const page = await signedIn.open('/dashboard/trips');
    const end = await page.getByLabel('End time').inputValue();
    const after = Math.floor(Date.now() / 60_000) * 60_000;
    // The minute the form opened in, between the two readings.
    expect([demoTimeInput(before), demoTimeInput(after)]).toContain(end);
    const endAt = end === demoTimeInput(before) ? before : after;
    expect(await page.getByLabel('Start time').inputValue()).toBe(demoTimeInput(endAt - 24 * 3_600_000));
    await expectAccessible(page);
    await page.close();
  });

  it('shows hazards, users and exports on that clock', async () => {
    const hazard = await api<Hazard>('POST', '/hazards', {
      hazard_type: 'debris',
      severity: 'medium',
      lat: SCENE.lat,
      lng: SCENE.lng,
    });
    expect(hazard.status).toBe(201);
    const page = await signedIn.open('/dashboard/hazards');
    await expectShown(page, hazard.body.reported_at);
    await page.goto(`${server.url}/dashboard/hazards/${hazard.body.id}`);
    await expectShown(page, hazard.body.reported_at, true);

    const users = await api<OrganizationUsersResponse>('GET', '/organization/users');
    const admin = users.body.organization_users.find((user) => user.email === ADMIN)!;
    await page.goto(`${server.url}/dashboard/accounts/users`);
    await expectShown(page, admin.last_sign_in_at!);

    const asked = await api<Export>('POST', '/organization/export', {
      export_type: 'thing',
      title: 'Assets on the clock',
      organization_id: demoOrganizationId('springfield-pd'),
      thing_uuids: [demoThingId(ASSET.id)],
    });
    expect(asked.status).toBe(201);
    await page.goto(`${server.url}/dashboard/data/exports`);
    await expectShown(page, asked.body.requested_at);
    await expectAccessible(page);
    await page.close();
  });
});
