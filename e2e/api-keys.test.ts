/**
 * API keys in the browser: an administrator creates a key (its token shown once), an integration
 * reports a position with it, and the revoked key is refused at once; a key for a dispatch system,
 * scoped to read incidents and closures, reads them and may do nothing else; a navigation app's key
 * reads the motorist alerts, and its driver view link is offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAs } from './support/sign-in';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ingest = (token: string) =>
  fetch(`${server.url}/api/ingest/points`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': token },
    body: JSON.stringify({
      points: [{ device_id: 'SPD-CAR-101', lat: 39.78, lng: -89.65, timestamp: Date.now() }],
    }),
  });

describe('API keys', () => {
  it('create a key, use it for ingest, revoke it', async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'admin@springfield-pd.test');
      await page.goto(`${server.url}/dashboard/accounts/integrations`);
      await page.getByText('0 of 5 keys').waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'New API key' }).click();
      await page.getByRole('textbox', { name: /Description/ }).fill('CAD integration');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create' }).click();
      const token = (await page.getByTestId('api-key-token').textContent())?.trim() ?? '';
      expect(token).toMatch(/^flk_/);
      await expectAccessible(page);

      expect(await (await ingest(token)).json()).toEqual({ accepted: 1 });

      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByText('1 of 5 keys').waitFor();
      // The list never shows the token again.
      expect(await page.content()).not.toContain(token);
      await page.getByRole('button', { name: 'Revoke CAD integration' }).click();
      await page
        .getByRole('dialog', { name: 'Revoke API key' })
        .getByRole('button', { name: 'Revoke' })
        .click();
      await page.getByText('0 of 5 keys').waitFor();
      expect((await ingest(token)).status).toBe(401);
    } finally {
      await page.close();
    }
  });

  it('create a key for a dispatch system that reads incidents and closures only', async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'admin@springfield-pd.test');
      await page.goto(`${server.url}/dashboard/accounts/integrations/new`);
      await page.getByRole('textbox', { name: /Description/ }).fill('CAD incidents');
      const scope = (name: string) => page.getByRole('checkbox', { name });
      // Reading assets and reporting positions are chosen unless the user says otherwise.
      expect(await scope('Read assets').isChecked()).toBe(true);
      expect(await scope('Report positions').isChecked()).toBe(true);
      await scope('Read assets').uncheck();
      await scope('Report positions').uncheck();
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Choose what the key may do').waitFor();
      await expectAccessible(page);
      await scope('Read incidents').check();
      await scope('Read closures').check();
      await page.getByRole('button', { name: 'Create' }).click();
      const token = (await page.getByTestId('api-key-token').textContent())?.trim() ?? '';
      expect(token).toMatch(/^flk_/);

      const read = (path: string) => fetch(`${server.url}/api${path}`, { headers: { 'x-api-key': token } });
      expect(await (await read('/locations/active')).json()).toHaveProperty('data');
      expect(await (await read('/organization/closure')).json()).toHaveProperty('data');
      expect((await read('/organization/things')).status).toBe(403);
      expect((await read('/alerts')).status).toBe(403);
      expect((await ingest(token)).status).toBe(403);

      await page.getByRole('button', { name: 'Done' }).click();
      await page
        .getByRole('row', { name: /CAD incidents/ })
        .getByText('Read incidents, Read closures')
        .waitFor();
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });

  it("create a key for a navigation app that reads the organisation's motorist alerts", async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'admin@springfield-pd.test');
      await page.goto(`${server.url}/dashboard/accounts/integrations/new`);
      await page.getByRole('textbox', { name: /Description/ }).fill('Navigation app');
      const scope = (name: string) => page.getByRole('checkbox', { name });
      await scope('Read assets').uncheck();
      await scope('Report positions').uncheck();
      await scope('Read motorist alerts').check();
      await page.getByRole('button', { name: 'Create' }).click();
      const token = (await page.getByTestId('api-key-token').textContent())?.trim() ?? '';
      // Its driver view link, for the navigation app's drivers (features/drive: e2e/drive.test.ts).
      const link = page.getByRole('link', { name: /\/drive#key=/ });
      expect(await link.getAttribute('href')).toBe(`${server.url}/drive#key=${token}`);
      await expectAccessible(page);
      const read = (path: string) => fetch(`${server.url}/api${path}`, { headers: { 'x-api-key': token } });
      const alerts = await read('/alerts?bbox=-90,39,-89,40');
      expect(alerts.status).toBe(200);
      expect(await alerts.json()).toHaveProperty('alerts');
      expect((await read('/locations/active')).status).toBe(403);
    } finally {
      await page.close();
    }
  });
});
