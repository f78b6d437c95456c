/**
 * Data → Reports against a real server: the year/month tree (this year open, the years of 2014 to
 * this one without reports in one line),
 * an administrator building the current month to date (the list follows until it is there, opened),
 * then downloading its PDF; a user who may only read reports gets no build button. Axe on the screen.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { monthOf, monthTitle } from '@flare/core/reports/report-period';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const USER = 'user@springfield-pd.test';
const ORGANIZATION = 'Springfield Police Department';
/** The department's current month, in its time zone. */
const MONTH = monthOf(Date.now(), 'America/Chicago');

let browser: Browser;
let server: RunningServer;

async function openAs(email: string): Promise<Page> {
  const page = await browser.newPage({ acceptDownloads: true });
  await signInAs(page, server.url, email);
  await page.goto(`${server.url}/dashboard/data/reports`);
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('monthly reports', () => {
  let page: Page;
  const tree = () => page.getByRole('region', { name: 'Monthly reports by year' });
  /** A month's entry: its organisation's name. */
  const entry = () => tree().getByText(ORGANIZATION, { exact: true });

  it('opens this year and says in one line which of the years since 2014 have no reports', async () => {
    page = await openAs(ADMIN);
    // Before any report the tree's only button is this year, open; the empty years are one line.
    await expect.poll(() => tree().getByRole('button').allTextContents()).toEqual([String(MONTH.year)]);
    const thisYear = tree().getByRole('button', { name: String(MONTH.year), exact: true });
    expect(await thisYear.getAttribute('aria-expanded')).toBe('true');
    await tree().getByText(`No reports for ${MONTH.year}`, { exact: true }).waitFor();
    await tree()
      .getByText(`No reports for 2014–${MONTH.year - 1}`, { exact: true })
      .waitFor();
    await expectAccessible(page);
  });

  it('builds the current month to date and shows it once ready', async () => {
    await page.getByRole('button', { name: `Build ${monthTitle(MONTH)} to date` }).click();
    await page
      .getByText(`The report for ${monthTitle(MONTH)} to date is ready.`)
      .waitFor({ timeout: 60_000 });
    await entry().waitFor();
    await expectAccessible(page);
  });

  it('opens the PDF in a new tab', async () => {
    // Headless Chromium has no PDF viewer: the tab saves what it was sent to, the inline link. Its
    // download is awaited from the moment the tab exists (on a busy machine it can start before a
    // listener added after the tab's event would be).
    const opened = new Promise<{ tab: Page; shown: Download }>((resolve, reject) =>
      page.context().once('page', (tab) => {
        tab.waitForEvent('download').then((shown) => resolve({ tab, shown }), reject);
      }),
    );
    await page.getByRole('button', { name: `Open ${ORGANIZATION} ${monthTitle(MONTH)}` }).click();
    const { tab, shown } = await opened;
    expect(new URL(shown.url()).pathname).toMatch(
      /^\/api\/files\/springfield-police-department-monthly-report-.+\.pdf$/,
    );
    expect(new URL(shown.url()).searchParams.get('disposition')).toBe('inline');
    await tab.close();
  });

  it('downloads the PDF', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${ORGANIZATION} ${monthTitle(MONTH)}` }).click(),
    ]);
    const month = String(MONTH.month).padStart(2, '0');
    expect(download.suggestedFilename()).toBe(
      `springfield-police-department-monthly-report-${MONTH.year}-${month}-to-date.pdf`,
    );
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });

  it('closes and opens a year', async () => {
    const thisYear = tree().getByRole('button', { name: String(MONTH.year), exact: true });
    await thisYear.click();
    expect(await thisYear.getAttribute('aria-expanded')).toBe('false');
    expect(await entry().count()).toBe(0);
    await thisYear.click();
    await entry().waitFor();
  });

  it('offers reading, not building, to a user who may only read reports', async () => {
    const reader = await openAs(USER);
    await reader
      .getByRole('region', { name: 'Monthly reports by year' })
      .getByText(ORGANIZATION, { exact: true })
      .waitFor();
    expect(await reader.getByRole('button', { name: /^Build / }).count()).toBe(0);
    await expectAccessible(reader);
  });
});
