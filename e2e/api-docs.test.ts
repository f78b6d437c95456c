/**
 * The installation's own pages, on a staging installation: the API's documentation works under its
 * Content-Security-Policy, and every page of the dashboard says it is not the live system.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { environmentNotice } from '@flare/core/environment';
import { expectAccessible, expectNoCspViolations, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { FLARE_ENVIRONMENT: 'staging' } }),
    openBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('renders the API documentation with its operations, and nothing refused', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/api/docs`);
  await page.getByText('/api/locations/active').first().waitFor();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
  await expectNoCspViolations(page);
  await page.close();
});

it('marks every page of a staging installation, from the sign-in on', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/welcome/signin`);
  const note = page.getByRole('note', { name: 'Environment' });
  expect(await note.textContent()).toBe(environmentNotice('staging'));
  await expect.poll(() => page.title()).toMatch(/^\[Staging\] /);
  await expectAccessible(page);
  await page.close();
});
