/**
 * The Closures list follows the live feed against a real server: a closure added and switched on by a
 * colleague (through the API) appears and changes without a reload; a switch the server refuses (the
 * colleague has just taken the user's right to change closures) goes back with the message; and a
 * closure scheduled in the form turns active in the list when its start comes (its stored times moved
 * into the past: test/time-travel.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLOSURE_MESSAGES, type Closure } from '@flare/core/schemas/closure';
import type { OrganizationUsersResponse } from '@flare/core/schemas/user';
import { moveClosureScheduleBack } from '@flare/server/test/time-travel';
import { apiAs, type ApiCall } from './support/api';
import { openBrowser, type Browser } from './support/browser';
import { clickMap, closeInstructions } from './support/map-drawing';
import { demoTimeInput } from './support/demo-time';
import { signInAs } from './support/sign-in';
import { startServer, type InProcessServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const COLLEAGUE = 'orgadmin@springfield-pd.test';
const ROLE = { user: 2, admin: 3 };

let browser: Browser;
let server: InProcessServer;
let page: Page;
let colleague: ApiCall;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
  colleague = await apiAs(server.url, COLLEAGUE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const main = () => page.getByRole('main');
const showing = () => main().getByText(/^Showing \(\d+\/\d+\)$/);
const row = (description: string) => main().getByRole('listitem').filter({ hasText: description });

const ROUTE = {
  type: 'LineString',
  coordinates: [
    [-89.65, 39.8],
    [-89.64, 39.801],
  ],
};

async function addClosure(description: string, patch: Record<string, unknown> = {}): Promise<Closure> {
  const created = await colleague<Closure>('POST', '/organization/closure', {
    closure_type: 'manual',
    description,
    user_route: ROUTE,
    ...patch,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** The role of the page's user, set by the colleague (an organisation admin). */
async function setAdminRole(roleId: number): Promise<void> {
  const users = await colleague<OrganizationUsersResponse>('GET', '/organization/users');
  const admin = users.body.organization_users.find((user) => user.email === ADMIN)!;
  const changed = await colleague('PUT', `/users/${admin.id}`, {
    firstname: admin.firstname,
    lastname: admin.lastname,
    role_id: roleId,
  });
  expect(changed.status).toBe(200);
}

async function openList(): Promise<void> {
  await page.goto(`${server.url}/dashboard/closures`);
  await showing().waitFor();
  // Gone after a reload: the list must change without one.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

const sameDocument = () => page.evaluate(() => '__sameDocument' in window);

describe('closures on the live feed', () => {
  it("shows a colleague's new closure and its switching on without a reload", async () => {
    await openList();
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
    const closure = await addClosure('Water main break');
    await row('Water main break').getByText('Standby', { exact: true }).waitFor();
    const on = await colleague('PUT', `/organization/closure/${closure.id}`, {
      uuid: closure.id,
      is_active: true,
    });
    expect(on.status).toBe(200);
    await row('Water main break').getByText('Active', { exact: true }).waitFor();
    expect(await row('Water main break').getByRole('switch').isChecked()).toBe(true);
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
    expect(await sameDocument()).toBe(true);
  });

  it('a switch refused by the server goes back and says so', async () => {
    await openList();
    const toggle = row('Water main break').getByRole('switch');
    expect(await toggle.isChecked()).toBe(true);
    // The colleague takes away the right to change closures; the page does not know yet.
    await setAdminRole(ROLE.user);
    try {
      // A click, not uncheck(): the switch may already be back by the time Playwright looks.
      await toggle.click({ force: true });
      await row('Water main break')
        .getByRole('alert')
        .filter({ hasText: CLOSURE_MESSAGES.quickUpdateFailed })
        .waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await row('Water main break').getByText('Active', { exact: true }).waitFor();
    } finally {
      await setAdminRole(ROLE.admin);
    }
    await toggle.uncheck({ force: true });
    await row('Water main break').getByText('Standby', { exact: true }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await sameDocument()).toBe(true);
  });

  it('a closure scheduled in the form turns active in the list when its start comes', async () => {
    // The form keeps minutes: the first whole minute at least 30 s away (time to fill the form in).
    const start = Math.floor((Date.now() + 90_000) / 60_000) * 60_000;
    await page.goto(`${server.url}/dashboard/closures`);
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/closures/new');
    await closeInstructions(page, 'Drawing a closure');
    await clickMap(page, [
      [-120, 20],
      [120, -20],
      [120, -20],
    ]);
    await main().getByText('2 route points').waitFor();
    await main().getByRole('textbox', { name: 'Description' }).fill('Overnight paving');
    await main().getByRole('switch', { name: 'Scheduled' }).check({ force: true });
    await main().getByLabel('Start').fill(demoTimeInput(start));
    await main()
      .getByLabel('End')
      .fill(demoTimeInput(start + 3_600_000));
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'Overnight paving' }).waitFor();
    await main().getByText('Standby', { exact: true }).waitFor();
    expect(Date.now()).toBeLessThan(start);
    const id = /\/dashboard\/closures\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    await openList();
    await row('Overnight paving').getByText('Standby', { exact: true }).waitFor();
    // Its start comes, without waiting for it.
    await moveClosureScheduleBack(server.db, id, start - Date.now() + 1_000);
    await row('Overnight paving').getByText('Active', { exact: true }).waitFor();
    expect(await sameDocument()).toBe(true);
  });
});
