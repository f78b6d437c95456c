/**
 * Data Exports against a real server: the Data menu, the four-type wizard end to end (type, form with
 * its defaults, "Export In-Progress", Got It), the list following the export's progress live until it
 * completes, the CSV downloaded and read back, delete with its confirmation, and the failed-exports
 * message on the Error tab. Axe on each screen.
 */
import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '@flare/core/schemas/export';
import { openDatabase } from '@flare/server/src/platform/db/database';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { formatDashedDate, localDateOf, localMidnight } from '@flare/core/time/zoned-time';
import { demoThingId } from '@flare/server/src/seed/demo-fleet';
import { apiAs } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { DEMO_TIME_ZONE, demoTimeInput } from './support/demo-time';

const ADMIN = 'admin@springfield-pd.test';
const CAR = { deviceId: 'SPD-CAR-101', name: 'Patrol 101' };
/**
 * Enough reports that the run takes a few seconds at the least, its progress saved every 100 ms
 * (EXPORT_REPORT_MS) and shown on the way.
 */
const POINTS = 30_000;
/** The wizard's default range: yesterday, midnight to midnight on the organisation's clock. */
const TODAY = localDateOf(Date.now(), DEMO_TIME_ZONE);
const YESTERDAY = localMidnight(TODAY.year, TODAY.month, TODAY.day - 1, DEMO_TIME_ZONE);
const MIDNIGHT = localMidnight(TODAY.year, TODAY.month, TODAY.day, DEMO_TIME_ZONE);

let browser: Browser;
let server: RunningServer;
let page: Page;
let dataDir: string;

beforeAll(async () => {
  // The demo fleet's database, with the stored reports added before the server opens it.
  dataDir = freshDataDir();
  const opened = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
  await sql`insert into points (thing_id, recorded_at, lat, lng, speed)
    select ${demoThingId(CAR.deviceId)}::uuid, ${new Date(YESTERDAY)}::timestamptz + g * interval '500 milliseconds',
      39.7 + g / 1e7, -89.65, g % 25
    from generate_series(0, ${POINTS - 1}) g`.execute(opened.db);
  await opened.db.destroy();
  [server, browser] = await Promise.all([
    startServer({ dataDir, env: { SIMULATOR: 'false', JOB_POLL_MS: '500', EXPORT_REPORT_MS: '100' } }),
    openBrowser(),
  ]);
  page = await browser.newPage({ timezoneId: 'UTC', acceptDownloads: true });
  await signInAs(page, server.url, ADMIN);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const card = (title: string) => page.getByRole('listitem', { name: title });

describe('data exports', () => {
  it('opens Exports from the Data menu', async () => {
    await page.getByRole('button', { name: 'Data' }).click();
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(['Reports', 'Exports']);
    // Axe with the menu open: the dropdown's role=menu may hold only menu items.
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Exports' }).click();
    await page.waitForURL('**/dashboard/data/exports');
    await page.getByRole('heading', { name: 'Data Exports' }).waitFor();
    for (const tab of ['Completed', 'In-Progress', 'Error'])
      await page.getByRole('tab', { name: tab }).waitFor();
    await expectAccessible(page);
  });

  it('asks for a points export through the wizard, and the list follows it until it completes', async () => {
    await page.getByRole('link', { name: 'New Export' }).click();
    await page.getByRole('heading', { name: 'New Export' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Points/ }).click();

    const form = page.getByRole('form', { name: 'Point export' });
    const title = `Points Export ${formatDashedDate(MIDNIGHT, DEMO_TIME_ZONE)}`;
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    expect(await form.getByLabel('Start').inputValue()).toBe(demoTimeInput(YESTERDAY));
    expect(await form.getByLabel('End').inputValue()).toBe(demoTimeInput(MIDNIGHT));
    expect(demoTimeInput(MIDNIGHT)).toMatch(/T00:00$/);
    // Core's rules before sending: no asset chosen yet.
    await form.getByRole('button', { name: 'Export', exact: true }).click();
    await form.getByText(EXPORT_MESSAGES.assetRequired).waitFor();
    await expectAccessible(page);
    await form.getByLabel('Assets').click();
    await form.getByLabel('Assets').fill(CAR.name);
    await page.getByRole('option', { name: CAR.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Export', exact: true }).click();

    await page.getByRole('heading', { name: EXPORT_MESSAGES.inProgressTitle }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: EXPORT_MESSAGES.gotIt }).click();
    await page.waitForURL('**/dashboard/data/exports?tab=in-progress');

    // The card's row count moves on without a reload, then it leaves the In-Progress tab.
    const seen = new Set<number>();
    await card(title).waitFor();
    const rows = card(title).getByText(/rows/);
    await expect
      .poll(
        async () => {
          const text = (await rows.textContent({ timeout: 500 }).catch(() => null)) ?? '';
          const count = Number(/^([\d,]+) rows/.exec(text)?.[1]?.replaceAll(',', '') ?? NaN);
          if (!Number.isNaN(count)) seen.add(count);
          return (await card(title).count()) === 0;
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe(true);
    expect([...seen].some((count) => count > 0 && count < POINTS)).toBe(true);
    await page.getByRole('tab', { name: 'Completed' }).click();
    await card(title)
      .getByText(`${POINTS.toLocaleString('en-US')} rows`)
      .waitFor();
    await expectAccessible(page);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      card(title).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${title}.csv`);
    const records = parse<Record<string, string>>(await readFile(await file.path(), 'utf8'), {
      bom: true,
      columns: true,
    });
    expect(records).toHaveLength(POINTS);
    expect(records[0]).toMatchObject({ asset_name: CAR.name, device_id: CAR.deviceId });
    // In the organisation's time zone (Springfield: Chicago), with its offset.
    expect(records[0]!.recorded_at).toMatch(/T\d\d:\d\d:\d\d\.\d{3}-0[56]:00$/);
    expect(Date.parse(records[0]!.recorded_at!)).toBe(YESTERDAY);
  });

  it('deletes an export after its confirmation', async () => {
    const title = (await page.getByRole('listitem').first().getAttribute('aria-label'))!;
    await card(title).getByRole('button', { name: 'Delete Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Export' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await card(title).waitFor({ state: 'detached' });
  });

  it('shows the failed-exports message on the Error tab', async () => {
    const files = path.join(server.dataDir, 'files');
    await rm(files, { recursive: true, force: true });
    await writeFile(files, 'not a folder');
    try {
      const api = await apiAs(server.url, ADMIN);
      const asked = await api('POST', '/organization/export', {
        export_type: 'thing',
        title: 'Assets that fail',
        organization_id: demoOrganizationId('springfield-pd'),
        thing_uuids: [demoThingId(CAR.deviceId)],
      });
      expect(asked.status).toBe(201);
      await page.getByRole('tab', { name: 'Error' }).click();
      await card('Assets that fail').waitFor({ timeout: 30_000 });
      await page.getByText(EXPORT_MESSAGES.failed).waitFor();
      await card('Assets that fail').getByText(EXPORT_MESSAGES.fileWriteFailed, { exact: false }).waitFor();
      await expectAccessible(page);
    } finally {
      await rm(files, { force: true });
      await mkdir(files);
    }
  });
});
