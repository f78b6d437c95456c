/**
 * Foundation browser tests: sign in as each demo role and see exactly the permitted navigation, the
 * catalogue message for a wrong password, sign-out, and the not-found page. Every visited screen must
 * pass axe-core without serious or critical violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  accountNavSections,
  canSee,
  defaultSection,
  SECTIONS,
  showsInSideNav,
} from '@flare/core/permissions/sections';
import type { RespondersType } from '@flare/core/labels';
import { sectionLabel } from '@flare/core/permissions/sections';
import { MESSAGES } from '@flare/core/messages';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { fillSignIn } from './support/sign-in';
import { startServer, type InProcessServer } from './support/server';
import { accessTokenOf } from './support/api';

let server: InProcessServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ProfileWire {
  permissions: string[];
  user_org: { responders_type: RespondersType };
}

async function profileOf(email: string): Promise<ProfileWire> {
  const access_token = await accessTokenOf(server.url, email);
  const response = await fetch(`${server.url}/api/profile`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return (await response.json()) as ProfileWire;
}

async function dismissSupportDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function sideNavLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.waitFor();
  return nav
    .getByRole('link')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()).filter(Boolean));
}

const DEMO_ROLES = [
  'media@springfield-pd.test',
  'user@springfield-pd.test',
  'admin@springfield-pd.test',
  'orgadmin@springfield-pd.test',
  'user@capital-roadworks.test',
  'platform@prairie-fleet.test',
];

describe('signing in', () => {
  it('the start-up banner lists the demo sign-ins by the role names the dashboard shows', () => {
    const banner = server.banner();
    expect(banner).toMatch(/orgadmin@springfield-pd\.test +Org Admin$/m);
    expect(banner).toMatch(/media@springfield-pd\.test +Media$/m);
    expect(banner).not.toMatch(/MANUFACTURER_ADMIN|USER_EVENTS_ONLY|PLATFORM_ADMIN/);
  });

  it.each(DEMO_ROLES)('%s lands on their default section and sees only permitted sections', async (email) => {
    const profile = await profileOf(email);
    // The sections, then the accounts entries below them (Profile & Preferences, New Accounts).
    const expectedNav = [
      ...SECTIONS.filter((s) => showsInSideNav(profile.permissions, s.id)).map((s) => s.id),
      ...accountNavSections(profile.permissions),
    ].map((id) => sectionLabel(id, profile.user_org.responders_type));
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      await page.waitForURL('**/welcome/signin');
      await expectAccessible(page);
      await fillSignIn(page, email);
      await page.waitForURL(`**/dashboard/${defaultSection(profile.permissions)}`);
      await dismissSupportDialog(page);
      expect(await sideNavLabels(page)).toEqual(expectedNav);
      // Words a user knows: no "(test)" in the navigation (the spec's "New Accounts (test)" is a preview).
      expect((await sideNavLabels(page)).filter((label) => label.includes('(test)'))).toEqual([]);
      // Data only when it holds reports or exports.
      expect(await page.getByRole('button', { name: 'Data' }).count()).toBe(
        canSee(profile.permissions, 'data') ? 1 : 0,
      );
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });

  it('labels events "Incidents" for an all-responder organisation and "Events" otherwise', async () => {
    expect(
      sectionLabel('events', (await profileOf('user@springfield-pd.test')).user_org.responders_type),
    ).toBe('Incidents');
    expect(
      sectionLabel('events', (await profileOf('user@capital-roadworks.test')).user_org.responders_type),
    ).toBe('Events');
  });

  it('shows the catalogue message for a wrong password and stays on sign-in', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/welcome/signin`);
      await fillSignIn(page, 'admin@springfield-pd.test', 'Wrong!pass1');
      await page.getByText(MESSAGES.wrongCredentials).waitFor();
      expect(page.url()).toContain('/welcome/signin');
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });

  it('goes to the requested path after sign-in when it is allowed', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/dashboard/areas`);
      await page.waitForURL('**/welcome/signin');
      await fillSignIn(page, 'admin@springfield-pd.test');
      await page.waitForURL('**/dashboard/areas');
    } finally {
      await page.close();
    }
  });

  it('signing out returns to sign-in and the session is gone', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/welcome/signin`);
      await fillSignIn(page, 'user@springfield-pd.test');
      await page.waitForURL('**/dashboard/things');
      await dismissSupportDialog(page);
      await page.getByRole('button', { name: 'Account menu' }).click();
      // Axe with the menu open: the dropdown's role=menu may hold only menu items.
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL('**/welcome/signin');
      await page.goto(`${server.url}/dashboard/things`);
      await page.waitForURL('**/welcome/signin');
    } finally {
      await page.close();
    }
  });
});

describe('message pages', () => {
  it('an unknown path shows the not-found page with a way back', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/no/such/page`);
      await page.getByText(MESSAGES.notFound).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: MESSAGES.notFoundButton }).click();
      await page.waitForURL('**/welcome/signin');
    } finally {
      await page.close();
    }
  });

  it('a desktop-only section is blocked on a phone-sized screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    try {
      await page.goto(`${server.url}/welcome/signin`);
      await fillSignIn(page, 'admin@springfield-pd.test');
      await page.waitForURL('**/dashboard/things');
      await dismissSupportDialog(page);
      await page.goto(`${server.url}/dashboard/zones`);
      await page.getByText(MESSAGES.mobileBlocked).waitFor();
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
