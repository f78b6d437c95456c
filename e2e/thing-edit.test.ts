/**
 * Editing an asset against a real server: the profile form (a validation message, a refused
 * nickname, a saved change that the API and the detail panel show) and the organisation access form
 * (adding an accessor organisation). Every visited screen must pass axe-core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { accessTokenOf } from './support/api';

const ADMIN = 'admin@springfield-pd.test';

let server: RunningServer;
let browser: Browser;
let admin: SignedInContext;
/** Demo asset ids by device id, from the API. */
const thingIds = new Map<string, string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  admin = await signedInContext(browser, server.url, ADMIN);
  const access_token = await accessTokenOf(server.url, ADMIN);
  const things = (await (
    await fetch(`${server.url}/api/organization/things`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
  ).json()) as { data: Array<{ id: string; haas_id: string }> };
  for (const thing of things.data) thingIds.set(thing.haas_id, thing.id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ThingWire {
  nickname: string | null;
  vin_number: string | null;
  organization_relationships: Array<{ organization_name: string; relationship_type: string }>;
}

/** The asset as the API has it, asked with the page's own session token. */
function apiThing(page: Page, id: string): Promise<ThingWire> {
  return page.evaluate(async (thingId) => {
    const { token } = JSON.parse(localStorage.getItem('flare.auth') ?? '{}') as { token: string };
    const response = await fetch(`/api/things/${thingId}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as ThingWire;
  }, id);
}

/** Waits until nothing on the page is loading (the map beside the drawer takes a moment). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[aria-label^="Loading"], [role="status"][aria-busy="true"]').count(), {
      timeout: 30_000,
    })
    .toBe(0);
}

function idOf(deviceId: string): string {
  const id = thingIds.get(deviceId);
  if (!id) throw new Error(`No demo asset ${deviceId}`);
  return id;
}

describe('Edit Profile', () => {
  it('shows a validation message, the refusal of a taken nickname, and saves a new nickname', async () => {
    const id = idOf('SPD-CAR-102');
    const page = await admin.open(`/dashboard/things/${id}/edit/profile`);
    try {
      await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
      const nickname = page.getByRole('textbox', { name: /Nickname/ });
      await expect.poll(() => nickname.inputValue()).toBe('Patrol 102');
      const save = page.getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await settled(page);
      await expectAccessible(page);

      // A VIN with a dash: the message shows once the field is left.
      const vin = page.getByRole('textbox', { name: 'VIN' });
      await vin.fill('1FM-CU9');
      await vin.press('Tab');
      await page.getByText('Please only use numbers or letters').waitFor();
      await expectAccessible(page);
      await vin.fill('1FMCU9J98EUA12345');
      await vin.press('Tab');
      await page.getByText('Please only use numbers or letters').waitFor({ state: 'hidden' });

      // Another Springfield asset is already called "Patrol 103".
      await nickname.fill('Patrol 103');
      await save.click();
      await page.getByRole('alert').filter({ hasText: 'Asset nickname cannot be updated' }).waitFor();
      expect(page.url()).toContain('/edit/profile');
      await expectAccessible(page);

      await nickname.fill('Night Patrol 102');
      await expect
        .poll(() =>
          page
            .getByText(/^\d+\/50$/)
            .first()
            .textContent(),
        )
        .toBe('16/50');
      await save.click();
      await page.waitForURL(new RegExp(`/dashboard/things/${id}$`));
      expect(await apiThing(page, id)).toMatchObject({
        nickname: 'Night Patrol 102',
        vin_number: '1FMCU9J98EUA12345',
      });
      await page.getByRole('heading', { name: 'Night Patrol 102' }).waitFor();
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});

describe('Edit Organization Access', () => {
  it('adds an accessor organisation', async () => {
    const id = idOf('SPD-CAR-103');
    const page = await admin.open(`/dashboard/things/${id}/edit/associations`);
    try {
      await page.getByRole('heading', { name: 'Edit Organization Access' }).waitFor();
      await page.getByText('No other organization has access to this asset.').waitFor();
      await settled(page);
      await expectAccessible(page);

      await page.getByRole('combobox', { name: 'Add organization' }).click();
      await page.getByRole('option', { name: 'Capital Road Works' }).click();
      const roads = page.getByRole('radiogroup', { name: 'Capital Road Works' });
      expect(await roads.getByRole('radio', { name: 'Accessor' }).isChecked()).toBe(true);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(new RegExp(`/dashboard/things/${id}$`));
      expect((await apiThing(page, id)).organization_relationships).toEqual([
        expect.objectContaining({ organization_name: 'Capital Road Works', relationship_type: 'accessor' }),
      ]);
      await page.getByRole('link', { name: 'Edit access' }).waitFor();
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
