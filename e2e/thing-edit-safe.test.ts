/**
 * Safe asset edits against a real server: taking away the last organisation an asset is shared with
 * asks first, and the asset's detail then offers to add one again; a save is confirmed on the
 * asset's detail; a nickname another asset of the organisation has marks the field and says why.
 * Every visited state passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { apiAs } from './support/api';

const ADMIN = 'admin@springfield-pd.test';
/** Shared by the test with Capital Road Works alone, an organisation Springfield PD is related to. */
const SHARED = { deviceId: 'SPD-CAR-104', name: 'SPD-CAR-104' };
const SHARED_WITH = 'Capital Road Works';
/** Another Springfield asset is already called "Patrol 103". */
const RENAMED = { deviceId: 'SPD-CAR-102', name: 'Patrol 102' };

let server: RunningServer;
let browser: Browser;
let admin: SignedInContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  admin = await signedInContext(browser, server.url, ADMIN);
  const api = await apiAs(server.url, ADMIN);
  const { body: profile } = await api<{ accessed_orgs: Array<{ id: string; name: string }> }>(
    'GET',
    '/profile',
  );
  const roads = profile.accessed_orgs.find((org) => org.name === SHARED_WITH)!;
  const { id } = await apiThing(ADMIN, SHARED.deviceId);
  const shared = await api('PUT', `/things/${id}/associations`, {
    organization_relationships: [{ organization_uuid: roads.id, relationship_type: 'accessor' }],
  });
  expect(shared.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ThingWire {
  id: string;
  haas_id: string;
  nickname: string | null;
  organization_relationships: Array<{ organization_name: string; relationship_type: string }>;
}

/** The asset as the API has it, by device id, asked as `email`. */
async function apiThing(email: string, deviceId: string): Promise<ThingWire> {
  const api = await apiAs(server.url, email);
  const { body } = await api<{ data: ThingWire[] }>('GET', '/organization/things');
  return body.data.find((thing) => thing.haas_id === deviceId)!;
}

/** The save confirmation on the asset's detail. */
const savedNotice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('Edit Organization Access', () => {
  it('asks before removing the last shared organisation, then offers to add one again', async () => {
    const { id } = await apiThing(ADMIN, SHARED.deviceId);
    const page = await admin.open(`/dashboard/things/${id}`);
    await page.getByRole('heading', { name: SHARED.name }).waitFor();
    await page.getByRole('link', { name: 'Edit access' }).click();
    await page.getByRole('heading', { name: 'Edit Organization Access' }).waitFor();
    const shared = page.getByRole('radiogroup', { name: SHARED_WITH });
    await shared.getByRole('radio', { name: 'Remove' }).check();
    const save = page.getByRole('button', { name: 'Save' });

    // Asked first; Cancel changes nothing.
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Remove all shared access?' });
    await dialog
      .getByText(`${SHARED_WITH} will no longer see ${SHARED.name}: only Springfield Police Department will.`)
      .waitFor();
    await dialog.getByText('You can add an organization again', { exact: false }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/edit/associations');
    expect((await apiThing(ADMIN, SHARED.deviceId)).organization_relationships).toHaveLength(1);

    // Confirmed: removed, and the detail says so.
    await save.click();
    await dialog.getByRole('button', { name: 'Remove access' }).click();
    await page.waitForURL(new RegExp(`/dashboard/things/${id}$`));
    await savedNotice(page, 'Organization access saved').waitFor();
    expect((await apiThing(ADMIN, SHARED.deviceId)).organization_relationships).toEqual([]);
    expect(await page.getByRole('link', { name: 'Edit access' }).count()).toBe(0);
    await expectAccessible(page);

    // The editor stays in reach: add the organisation back.
    await page.getByRole('link', { name: 'Add organization' }).click();
    await page.getByText('No other organization has access to this asset.').waitFor();
    await page.getByRole('combobox', { name: 'Add organization' }).click();
    await page.getByRole('option', { name: SHARED_WITH }).click();
    await expectAccessible(page);
    await save.click();
    await page.waitForURL(new RegExp(`/dashboard/things/${id}$`));
    await savedNotice(page, 'Organization access saved').waitFor();
    expect((await apiThing(ADMIN, SHARED.deviceId)).organization_relationships).toEqual([
      expect.objectContaining({ organization_name: SHARED_WITH, relationship_type: 'accessor' }),
    ]);
    await page.getByRole('link', { name: 'Edit access' }).waitFor();
    await page.close();
  });
});

describe('Edit Profile', () => {
  it('marks a nickname another asset has and says why, then confirms the save of a free one', async () => {
    const { id } = await apiThing(ADMIN, RENAMED.deviceId);
    const page = await admin.open(`/dashboard/things/${id}/edit/profile`);
    const nickname = page.getByRole('textbox', { name: /Nickname/ });
    await expect.poll(() => nickname.inputValue()).toBe(RENAMED.name);

    await nickname.fill('patrol 103');
    await nickname.press('Enter');
    const why = page.getByText('Another asset of the organization is called "patrol 103"');
    await why.waitFor();
    expect(await nickname.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await nickname.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await why.getAttribute('id'));
    expect(await nickname.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Asset nickname cannot be updated' }).waitFor();
    expect(page.url()).toContain('/edit/profile');
    await expectAccessible(page);

    await nickname.fill('Patrol 102 Nights');
    await why.waitFor({ state: 'hidden' });
    expect(await nickname.getAttribute('aria-invalid')).not.toBe('true');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/dashboard/things/${id}$`));
    await page.getByRole('heading', { name: 'Patrol 102 Nights' }).waitFor();
    await savedNotice(page, 'Profile saved').waitFor();
    expect((await apiThing(ADMIN, RENAMED.deviceId)).nickname).toBe('Patrol 102 Nights');
    await expectAccessible(page);
    await page.close();
  });
});
