/** The API's documentation page works under its Content-Security-Policy. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoCspViolations, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
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
