/**
 * The Live panel as a new user meets it, against a real server: the badges of the asset detail, the
 * tags of list rows and the active Data entry show readable text (they once rendered as empty
 * coloured pills), and a first load of the assets that fails says why, in the spec's words, with a
 * way to try again instead of loading forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { renderedText } from './support/contrast';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { accessTokenOf } from './support/api';

const USER = 'user@springfield-pd.test';
const ADMIN = 'admin@springfield-pd.test';
/** Put out of service by the test, so its row carries the Out-of-service tag. */
const OUT_OF_SERVICE = { deviceId: 'SPD-CAR-101', name: 'Patrol 101' };
/** In service with its lights on, as seeded. */
const ALERTING = { name: 'Arrow Board 105' };

let server: RunningServer;
let browser: Browser;
let user: SignedInContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  user = await signedInContext(browser, server.url, USER);
  const token = await accessTokenOf(server.url, ADMIN);
  const auth = { authorization: `Bearer ${token}` };
  const { data } = (await (
    await fetch(`${server.url}/api/organization/things`, { headers: auth })
  ).json()) as {
    data: Array<{ id: string; haas_id: string; is_publicly_alerting: boolean }>;
  };
  const thing = data.find((t) => t.haas_id === OUT_OF_SERVICE.deviceId)!;
  const response = await fetch(`${server.url}/api/things/${thing.id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ in_service: false, is_publicly_alerting: thing.is_publicly_alerting }),
  });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Text a user can read: there, in a colour of its own, at least 4.5:1 against what is behind it. */
async function expectReadable(locator: Locator, text: string): Promise<void> {
  const rendered = await renderedText(locator);
  expect(rendered.text).toBe(text);
  expect(rendered.color).not.toBe(rendered.background);
  expect(rendered.ratio, `"${text}": ${rendered.color} on ${rendered.background}`).toBeGreaterThanOrEqual(
    4.5,
  );
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');

async function openAsset(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search for an asset').fill(name);
  await expect.poll(() => rows(page).count()).toBe(1);
  // The row's button carries the full name as its title (the row may shorten it).
  await rows(page).getByTitle(name, { exact: true }).click();
  await page.getByRole('heading', { name }).waitFor();
}

describe('badges and tags', () => {
  it('show their text in the asset detail, in list rows and on the active Data entry', async () => {
    const page = await user.open('/dashboard/things');

    await page.getByLabel('Search for an asset').fill(OUT_OF_SERVICE.name);
    await expect.poll(() => rows(page).count()).toBe(1);
    await expectReadable(rows(page).getByText('Out-of-service', { exact: true }), 'Out-of-service');
    await expectAccessible(page);

    await openAsset(page, ALERTING.name);
    await expectReadable(page.getByText('In-Service', { exact: true }), 'In-Service');
    await expectReadable(page.getByText('Alerting On', { exact: true }), 'Alerting On');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back to assets' }).click();
    await openAsset(page, OUT_OF_SERVICE.name);
    await expectReadable(page.getByText('Out-of-Service', { exact: true }), 'Out-of-Service');

    await page.getByRole('button', { name: 'Data' }).click();
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.waitForURL('**/dashboard/data/**');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectReadable(page.getByRole('button', { name: 'Data' }), 'Data');
    await expectAccessible(page);
    await page.close();
  });
});

describe('a first load of the assets that fails', () => {
  it('says why instead of loading forever, and loads on Retry once the server answers', async () => {
    const thingsApi = (url: URL) => url.pathname === '/api/organization/things';
    const page = await user.open('/dashboard/things', (tab) =>
      tab.route(thingsApi, (route) => route.fulfill({ status: 500, json: { message: 'boom' } })),
    );
    const alert = page.getByRole('alert').filter({ hasText: 'Unknown failure' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Unknown failure');
    expect(await page.getByRole('status', { name: 'Loading assets' }).count()).toBe(0);
    await expectAccessible(page);

    await page.unroute(thingsApi);
    await page.route(thingsApi, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Connection failed$/ })
      .waitFor();

    await page.unroute(thingsApi);
    await page.getByRole('button', { name: 'Retry' }).click();
    await rows(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.close();
  });
});
