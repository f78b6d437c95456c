/**
 * A Traccar server forwarding to Flare, end to end: a forwarder that posts what Traccar's JSON
 * position and event forwarders post (one `{ position, device }` or `{ event, position, device }` per
 * request, with the `forward.header` line as its header) at the running server, and the dispatcher's
 * live list showing the asset report and its SOS raised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  traccarDevice,
  traccarEvent,
  traccarPosition,
  traccarTime,
} from '@flare/core/testing/traccar-forward';
import { apiAs } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const CAR = { id: 'SPD-CAR-105', name: 'Patrol 105' };

let browser: Browser;
let server: RunningServer;
let admin: SignedInContext;
let apiKey: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  admin = await signedInContext(browser, server.url, ADMIN);
  const api = await apiAs(server.url, ADMIN);
  const created = await api<{ token: string }>('POST', '/api_keys', { description: 'Traccar server' });
  expect(created.status).toBe(201);
  apiKey = created.body.token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Traccar's JSON forwarders: a POST of the serialised data with the configured header line. */
async function traccarForwards(data: object): Promise<void> {
  const [name, value] = `Authorization: Bearer ${apiKey}`.split(':', 2).map((part) => part.trim());
  const response = await fetch(`${server.url}/api/ingest/traccar/organization`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [name!]: value! },
    body: JSON.stringify(data),
  });
  expect(response.status, await response.text()).toBe(200);
}

const position = (secondsAgo: number, attributes: Record<string, unknown> = {}) =>
  traccarPosition({
    fixTime: traccarTime(secondsAgo),
    attributes: { ignition: true, motion: true, batteryLevel: 76, ...attributes },
    latitude: 39.7995,
    longitude: -89.6441,
  });
const device = traccarDevice(CAR.id);

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');

describe('a Traccar server forwarding to Flare', () => {
  it("shows a forwarded position on the asset's row, and raises a forwarded SOS alarm event", async () => {
    const page = await admin.open('/dashboard/things');
    await page.getByLabel('Search for an asset').fill(CAR.name);
    await expect.poll(() => rows(page).count()).toBe(1);
    const age = rows(page)
      .first()
      .getByTitle(/^Last report: /);
    const before = await age.getAttribute('title');

    await traccarForwards({ position: position(2), device });
    await expect.poll(() => age.getAttribute('title')).not.toBe(before);
    expect(await age.textContent()).toMatch(/^(just now|\d+ s ago)$/);

    await traccarForwards({
      event: traccarEvent('alarm', { alarm: 'sos' }),
      position: position(1, { alarm: 'sos' }),
      device,
    });
    await rows(page).first().getByTitle('Alarm raised').filter({ hasText: 'SOS' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});
