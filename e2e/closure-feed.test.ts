/**
 * A closure read from an external WZDx feed, in the browser: the server reads a feed served by the
 * test (WZDX_FEEDS), the closure appears in the Closures list as a feed closure, its detail names the
 * feed and the road event and offers neither Edit nor Delete, and the map draws its route, in the
 * Live section too (active). Every screen passes axe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { renderedValues } from './support/test-map';

const ADMIN = 'admin@springfield-pd.test';

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const FEED = {
  feed_info: {
    publisher: 'State DOT',
    version: '4.2',
    update_date: new Date().toISOString(),
    data_sources: [{ data_source_id: 'dot', organization_name: 'State DOT' }],
  },
  type: 'FeatureCollection',
  features: [
    {
      id: 'I-55-NB-0042',
      type: 'Feature',
      properties: {
        core_details: {
          event_type: 'work-zone',
          data_source_id: 'dot',
          road_names: ['I-55'],
          direction: 'northbound',
          description: 'I-55 northbound bridge joint repair',
        },
        start_date: hoursFromNow(-1),
        end_date: hoursFromNow(6),
        is_start_date_verified: true,
        is_end_date_verified: false,
        is_start_position_verified: false,
        is_end_position_verified: false,
        vehicle_impact: 'some-lanes-closed-merge-left',
        location_method: 'channel-device-method',
        lanes: [
          { order: 1, type: 'general', status: 'closed' },
          { order: 2, type: 'general', status: 'open' },
        ],
        beginning_cross_street: 'Stevenson Dr',
        ending_cross_street: 'Sangamon Ave',
      },
      // Through the middle of the map Springfield PD opens on.
      geometry: {
        type: 'LineString',
        coordinates: [
          [-89.66, 39.79],
          [-89.64, 39.8],
          [-89.62, 39.81],
        ],
      },
    },
  ],
};

let feedServer: Server;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  feedServer = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify(FEED)),
  );
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/wzdx.json`;
  [server, browser] = await Promise.all([
    startServer({
      env: { SIMULATOR: 'false', WZDX_FEEDS: `${demoOrganizationId('springfield-pd')}=${feedUrl}` },
    }),
    openBrowser(),
  ]);
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  feedServer?.close();
});

it('shows a feed closure read-only, naming its feed, and draws it on the map', async () => {
  const main = page.getByRole('main');
  await page.goto(`${server.url}/dashboard/closures`);
  const row = main.getByRole('listitem').filter({ hasText: 'I-55 northbound bridge joint repair' });
  await row.waitFor({ timeout: 30_000 });
  await expect.poll(() => row.textContent()).toContain('Feed');
  await expect.poll(() => row.textContent()).toContain('Active');
  // Only manual closures have the quick switch.
  expect(await row.getByRole('switch').count()).toBe(0);
  await expectAccessible(page);

  await row.getByRole('button').first().click();
  await main.getByText('From a work-zone feed, which manages it').waitFor();
  await main.getByText('I-55-NB-0042', { exact: true }).waitFor();
  await main.getByText(/127\.0\.0\.1:\d+\/wzdx\.json/).waitFor();
  expect(await main.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
  expect(await main.getByRole('button', { name: 'Delete Closure' }).isDisabled()).toBe(true);
  await expectAccessible(page);

  // Opening it fitted the map to its route, drawn in the active closures' colour.
  await expect
    .poll(() => renderedValues(page, 'flare-closure-routes', 'status'), { timeout: 15_000 })
    .toEqual(['active']);

  // The Live section's map shows the roads closed now.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Live' }).click();
  await page.getByRole('grid', { name: 'Assets' }).waitFor();
  await expect
    .poll(() => renderedValues(page, 'flare-closure-routes', 'status'), { timeout: 15_000 })
    .toEqual(['active']);
});
