/**
 * Monthly reports against a seeded October 2026 of the police department (America/Chicago): the
 * hourly check sends the month's build an hour after the month ends there, the job stores a PDF whose
 * text (read back with PDF.js) holds the month's figures, and every page names the organisation, the
 * period and the generation time. Then the list, the signed links and the file, who may do what, other
 * organisations, and building the month to date on demand (which replaces the month's earlier report).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf, monthPeriod, monthTitle } from '@flare/core/reports/report-period';
import {
  MonthlyReportBuildSchema,
  MonthlyReportLinkSchema,
  MonthlyReportListSchema,
  type MonthlyReport,
} from '@flare/core/schemas/monthly-report';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { pdfPageTexts } from '../../../test/pdf-text';

let t: TestApp;
/**
 * A police department (SPD) of thirteen assets (Patrol 101 and 102 report in October; REP-CAR-104,
 * without a nickname, joins on 20 October), managed by a fleet operator (PRAIRIE); a road-works
 * organisation (CAPITAL) the department may see. Ids fixed here, as the seeded month names them.
 */
const SPD = randomUUID();
const CAPITAL = randomUUID();
const PRAIRIE = randomUUID();
let spdUser: string;
let spdAdmin: string;
let spdMedia: string;
let capitalUser: string;
let capitalAdmin: string;
let prairieUser: string;
const CHICAGO = 'America/Chicago';
/** October 2026 in Chicago: 1 Oct 05:00 UTC to 1 Nov 05:00 UTC, 8928 five-minute slots. */
const OCTOBER = monthPeriod({ year: 2026, month: 10 }, CHICAGO);
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => new Date(iso);
const CAR_101 = randomUUID();
const CAR_102 = randomUUID();
const CAR_104 = randomUUID();
/** Patrol 101's lights: on from 14:45 to 15:45 UTC on 3 October (twelve five-minute reports). */
const LIGHTS_ON = Date.parse('2026-10-03T14:45:00Z');

const get = async (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(email).headers() });
const list = (organizationId: string, email = spdUser) =>
  get(`/api/reports/${organizationId}/organization_monthly_report_list`, email);
const link = (fileId: string, email = spdUser, download = false) =>
  get(
    `/api/reports/organization_monthly_report_pdf_link?filename=${encodeURIComponent(fileId)}${download ? '&is_downloadable=true' : ''}`,
    email,
  );
const requestMonthToDate = async (organizationId: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reports/${organizationId}/organization_monthly_report`,
    headers: await t.as(email).headers(),
    payload: {},
  });

async function reportOf(organizationId: string, year: number, month: number) {
  return t.db
    .selectFrom('monthly_reports')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirst();
}

/** The PDF a signed link serves. */
async function fetchPdf(fileId: string, download = false) {
  const { file_url } = MonthlyReportLinkSchema.parse((await link(fileId, undefined, download)).json());
  return t.app.inject({ method: 'GET', url: file_url });
}

async function insertPoints(rows: Array<{ thing_id: string; at: number; alerting: boolean }>) {
  for (let i = 0; i < rows.length; i += 1000) {
    await t.db
      .insertInto('points')
      .values(
        rows.slice(i, i + 1000).map((r, j) => ({
          thing_id: r.thing_id,
          recorded_at: new Date(r.at),
          lat: 39.78,
          lng: -89.65 + (i + j) * 1e-6,
          alerting: r.alerting,
        })),
      )
      .execute();
  }
}

/** The department's October, with a little of September and November around it. */
async function seedOctober() {
  // Motorist alerts delivered (as the alerts module counts them, per hour): 3 to partners' streams
  // and 127 vehicles warned in October; one of November and another organisation's left out.
  const delivery = (
    organization_id: string,
    channel: 'stream' | 'vehicles',
    iso: string,
    deliveries: number,
  ) => ({
    organization_id,
    alert_id: `incident:${crypto.randomUUID()}`,
    recipient: 'key:partner',
    channel,
    hour: new Date(iso),
    deliveries,
  });
  await t.db
    .insertInto('motorist_alert_deliveries')
    .values([
      delivery(SPD, 'stream', '2026-10-05T15:00:00Z', 3),
      delivery(SPD, 'vehicles', '2026-10-05T15:00:00Z', 120),
      delivery(SPD, 'vehicles', '2026-11-01T04:00:00Z', 7), // 31 Oct, 23:00 in Chicago
      delivery(SPD, 'vehicles', '2026-11-01T06:00:00Z', 50), // November
      delivery(CAPITAL, 'vehicles', '2026-10-05T15:00:00Z', 9),
    ])
    .execute();
  const every5Min = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => from + i * 5 * MIN);
  await insertPoints([
    // Patrol 101 reports every five minutes through the first half of the month: 50% uptime.
    ...every5Min(OCTOBER.start, 4464).map((time) => ({
      thing_id: CAR_101,
      at: time,
      alerting: time >= LIGHTS_ON && time < LIGHTS_ON + HOUR,
    })),
    // Patrol 102 for one day (288 of 8928 slots), and once either side of the month.
    ...[Date.parse('2026-09-30T12:00:00Z'), ...every5Min(Date.parse('2026-10-10T05:00:00Z'), 288)].map(
      (time) => ({ thing_id: CAR_102, at: time, alerting: false }),
    ),
    { thing_id: CAR_102, at: OCTOBER.end, alerting: false },
  ]);

  const incident = (start: string, end: string | null) => ({
    organization_id: SPD,
    lat: 39.78,
    lng: -89.65,
    start_lat: 39.78,
    start_lng: -89.65,
    alert_message: 'Emergency vehicles ahead',
    start_time: at(start),
    end_time: end ? at(end) : null,
  });
  const [first] = await t.db
    .insertInto('incidents')
    .values([
      incident('2026-10-03T15:00:00Z', '2026-10-03T15:30:00Z'),
      incident('2026-10-03T20:00:00Z', '2026-10-03T21:00:00Z'),
      incident('2026-10-20T12:00:00Z', null), // still going: not in the average duration
      incident('2026-09-30T12:00:00Z', '2026-09-30T13:00:00Z'), // September
      incident('2026-11-01T05:00:00Z', '2026-11-01T05:10:00Z'), // November in Chicago
    ])
    .returning('id')
    .execute();
  // Patrol 101 arrives 15 minutes after its lights came on (the report before them had them off).
  await t.db
    .insertInto('incident_things')
    .values({
      incident_id: first!.id,
      thing_id: CAR_101,
      start_time: at('2026-10-03T15:00:00Z'),
      end_time: at('2026-10-03T15:30:00Z'),
    })
    .execute();

  const r2r = (time: string) => ({
    organization_id: SPD,
    alerting_thing_id: CAR_101,
    alerted_thing_id: CAR_102,
    alerting_lat: 39.78,
    alerting_lng: -89.65,
    alerted_lat: 39.781,
    alerted_lng: -89.65,
    distance_m: 111,
    at: at(time),
  });
  await t.db
    .insertInto('r2r_alerts')
    .values([
      r2r('2026-10-05T15:00:00Z'),
      r2r('2026-10-05T15:00:10Z'),
      r2r('2026-10-05T15:20:00Z'),
      r2r('2026-10-31T04:30:00Z'), // 30 October, 23:30 in Chicago
      r2r('2026-11-01T05:30:00Z'), // November in Chicago
    ])
    .execute();

  const route = JSON.stringify({
    type: 'LineString',
    coordinates: [
      [-89.65, 39.78],
      [-89.64, 39.78],
    ],
  });
  const closure = (organizationId: string, fields: object) => ({
    organization_id: organizationId,
    closure_type: 'manual' as const,
    description: 'Bridge works',
    user_route: route,
    route_path: route,
    ...fields,
  });
  await t.db
    .insertInto('closures')
    .values([
      // On since September, off on 2 October at 05:00 UTC: 24 hours of October; published.
      closure(SPD, {
        last_start_time: at('2026-09-30T00:00:00Z'),
        end_time: at('2026-10-02T05:00:00Z'),
        updated_at: at('2026-10-02T05:00:00Z'),
        is_publish_on: true,
      }),
      // On since the last day's start (local): 24 hours of October.
      closure(SPD, { is_active: true, last_start_time: at('2026-10-31T05:00:00Z') }),
      closure(SPD, {}), // never on
      closure(CAPITAL, { is_active: true, last_start_time: at('2026-09-01T00:00:00Z') }),
    ])
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  await given.organization({ id: CAPITAL, type: 'road_works' });
  await given.organization({ id: SPD, name: 'Springfield Police Department', accesses: [CAPITAL] });
  await given.organization({ id: PRAIRIE, type: 'acs', manages: [SPD, CAPITAL] });
  await given.asset(SPD, { id: CAR_101, name: 'Patrol 101' });
  await given.asset(SPD, { id: CAR_102, name: 'Patrol 102' });
  await given.asset(SPD, { id: CAR_104, deviceId: 'REP-CAR-104', name: null });
  for (let i = 0; i < 10; i += 1) await given.asset(SPD);
  spdUser = (await given.user(SPD, 'USER')).email;
  spdAdmin = (await given.user(SPD, 'ADMIN')).email;
  spdMedia = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  capitalUser = (await given.user(CAPITAL, 'USER')).email;
  capitalAdmin = (await given.user(CAPITAL, 'ADMIN')).email;
  prairieUser = (await given.user(PRAIRIE, 'USER')).email;
  await seedOctober();
});
afterAll(() => t.close());

describe('the monthly build', () => {
  it("sends the build of an organisation's last month an hour after it ends in its time zone", async () => {
    // The department existed in October (its fixture was made today): created on 2 October, its
    // assets before the month.
    await t.db
      .updateTable('organizations')
      .set({ created_at: at('2026-10-02T00:00:00Z') })
      .where('id', '=', SPD)
      .execute();
    await t.db
      .updateTable('things')
      .set({ created_at: at('2026-09-01T00:00:00Z') })
      .where('organization_id', '=', SPD)
      .execute();
    // But one, added on 20 October: its uptime counts from then, and the PDF says so.
    await t.db
      .updateTable('things')
      .set({ created_at: at('2026-10-20T17:00:00Z') })
      .where('id', '=', CAR_104)
      .execute();
    const check = (iso: string) => t.app.monthlyReports.sendDueBuilds(Date.parse(iso));
    // 31 October, 23:30 in Chicago: the last month is September, before the department existed.
    expect(await check('2026-11-01T04:30:00Z')).toBe(0);
    // October is over since 05:00 UTC; its build is due an hour later.
    expect(await check('2026-11-01T05:59:00Z')).toBe(0);
    expect(await check('2026-11-01T06:00:00Z')).toBe(1);
    await expect.poll(() => reportOf(SPD, 2026, 10), { timeout: 30_000 }).toBeTruthy();
    // Built after it was due: the next checks leave it be.
    expect(await check('2026-11-01T07:00:00Z')).toBe(0);
    const report = (await reportOf(SPD, 2026, 10))!;
    expect(report).toMatchObject({ time_zone: CHICAGO, requested_by: null });
    expect(new Date(report.period_start).getTime()).toBe(OCTOBER.start);
    expect(new Date(report.period_end).getTime()).toBe(OCTOBER.end);
    expect(report.file_id).toMatch(/^springfield-police-department-monthly-report-2026-10-[0-9a-f]{8}\.pdf$/);
    expect(existsSync(path.join(t.dataDir, 'files', report.file_id))).toBe(true);
  });

  it("writes the month's figures into the PDF, the organisation, period and generation time on every page", async () => {
    const { file_id } = (await reportOf(SPD, 2026, 10))!;
    const response = await fetchPdf(file_id);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) {
      expect(page).toContain('Springfield Police Department');
      expect(page).toContain('October 2026 · Oct 1, 2026 – Oct 31, 2026 (America/Chicago)');
      expect(page).toMatch(/Generated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/);
    }
    const text = pages.join('\n');
    for (const line of [
      'Monthly report: October 2026',
      'Incidents: 3',
      'Average duration: 45 min 00 s (2 ended)',
      'Average time-to-scene: 15 min 00 s (1 arrival)',
      'Incidents by day',
      'R2R alerts: 4',
      'Lights-on time: 1 h 00 min across 1 asset',
      'R2R alerts by day',
      "Delivered to partners' streams: 3",
      'Vehicles warned: 127',
      'Motorist alerts delivered by day',
      'Closures active: 2',
      'Hours active: 48.0 h',
      'Published to WZDx: 1',
      'Assets: 13',
      'Reporting: 2',
      // (50% + 288/8928) / 13 assets
      'Average uptime: 4.1%',
      'Assets by uptime',
    ])
      expect(text).toContain(line);
    // Over what uptime is counted.
    expect(text).toMatch(
      /Uptime: the share of five-minute slots in which the asset reported over\s+Oct 1, 2026 . Oct 31, 2026/,
    );
    // The uptime table: the silent assets first, Patrol 101 last.
    const silent = text.search(/REP-CAR-104 \(added Oct 20, 2026\)\s+0\.0%\s+—/);
    const patrol102 = text.search(/Patrol 102\s+3\.2%\s+Oct 10, 2026, 11:55 PM CDT/);
    const patrol101 = text.search(/Patrol 101\s+50\.0%\s+Oct 16, 2026, 11:55 AM CDT/);
    expect(silent).toBeGreaterThan(-1);
    expect(patrol102).toBeGreaterThan(silent);
    expect(patrol101).toBeGreaterThan(patrol102);
  });
});

describe('GET /api/reports/{orgId}/organization_monthly_report_list', () => {
  it("lists the organisation's reports as the spec shapes them", async () => {
    const response = await list(SPD);
    expect(response.statusCode).toBe(200);
    const reports = MonthlyReportListSchema.parse(response.json());
    expect(reports).toEqual([
      {
        file_id: (await reportOf(SPD, 2026, 10))!.file_id,
        year: 2026,
        month: 10,
        organization_id: SPD,
        organization_name: 'Springfield Police Department',
      },
    ]);
  });

  it('includes the reports of the organisations it manages', async () => {
    const response = await list(PRAIRIE, prairieUser);
    expect(response.statusCode).toBe(200);
    expect(response.json<MonthlyReport[]>().map((r) => [r.organization_id, r.year, r.month])).toEqual([
      [SPD, 2026, 10],
    ]);
  });

  it('is "Organization not found" (404) for an organisation the caller may not see', async () => {
    const response = await list(SPD, capitalUser);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Organization not found' });
  });

  it('needs report read or manage', async () => {
    expect((await list(SPD, spdMedia)).statusCode).toBe(403);
    expect((await list(SPD, spdAdmin)).statusCode).toBe(200);
  });
});

describe('GET /api/reports/organization_monthly_report_pdf_link and the file behind it', () => {
  const DOWNLOAD_NAME = 'springfield-police-department-monthly-report-2026-10.pdf';
  let fileId: string;
  beforeAll(async () => {
    fileId = (await reportOf(SPD, 2026, 10))!.file_id;
  });

  it('answers a short-lived signed path that opens the PDF in the browser', async () => {
    const response = await link(fileId);
    expect(response.statusCode).toBe(200);
    const { file_url } = MonthlyReportLinkSchema.parse(response.json());
    const url = new URL(file_url, 'http://flare.test');
    expect(url.pathname).toBe(`/api/files/${fileId}`);
    const expires = Number(url.searchParams.get('expires')) * 1000;
    expect(expires).toBeGreaterThan(Date.now() + 290_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 300_000);
    // Fetched without signing in, as a new tab does.
    const file = await t.app.inject({ method: 'GET', url: file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="${DOWNLOAD_NAME}"; filename*=UTF-8''${DOWNLOAD_NAME}`,
    );
    expect(file.headers['content-security-policy']).toBeUndefined();
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('makes the file a download with is_downloadable=true', async () => {
    const file = await fetchPdf(fileId, true);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${DOWNLOAD_NAME}"; filename*=UTF-8''${DOWNLOAD_NAME}`,
    );
    // The dashboard's policy stays on what is not shown in the browser.
    expect(file.headers['content-security-policy']).toBeDefined();
  });

  it('serves nothing through a link that was changed: "File not found"', async () => {
    const { file_url } = MonthlyReportLinkSchema.parse((await link(fileId)).json());
    const url = new URL(file_url, 'http://flare.test');
    const changed = [
      url.pathname + url.search.replace(/expires=\d+/, (m) => `${m}0`),
      url.pathname + url.search.replace('signature=', 'signature=x'),
      url.pathname + url.search.replace('disposition=inline', 'disposition=attachment'),
      url.pathname + url.search.replace('name=', 'name=x'),
      url.pathname,
      `/api/files/other-monthly-report-2026-10-00000000.pdf${url.search}`,
    ];
    for (const tampered of changed) {
      const response = await t.app.inject({ method: 'GET', url: tampered });
      expect(response.statusCode, tampered).toBe(404);
      expect(response.json()).toMatchObject({ message: 'File not found' });
    }
  });

  it('is "File not found" (404) for a report of an organisation the caller may not see, or none', async () => {
    for (const [name, email] of [
      [fileId, capitalUser],
      ['no-such-report.pdf', spdUser],
    ] as const) {
      const response = await link(name, email);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'File not found' });
    }
  });

  it('needs report read or manage, and a file name', async () => {
    expect((await link(fileId, spdMedia)).statusCode).toBe(403);
    const missing = await get('/api/reports/organization_monthly_report_pdf_link', spdUser);
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/reports/{orgId}/organization_monthly_report (the month to date)', () => {
  const current = () => monthOf(Date.now(), CHICAGO);

  it('builds the current month to date, and a second request replaces it', async () => {
    const response = await requestMonthToDate(SPD, spdAdmin);
    expect(response.statusCode).toBe(202);
    const { year, month } = current();
    expect(MonthlyReportBuildSchema.parse(response.json())).toMatchObject({
      organization_id: SPD,
      year,
      month,
      message: 'The report is being built. It appears in the list when ready.',
    });
    await expect.poll(() => reportOf(SPD, year, month), { timeout: 30_000 }).toBeTruthy();
    const first = (await reportOf(SPD, year, month))!;
    expect(first.file_id).toMatch(/-to-date-[0-9a-f]{8}\.pdf$/);
    expect(first.requested_by).not.toBeNull();
    expect(new Date(first.period_end).getTime()).toBeLessThan(monthPeriod(current(), CHICAGO).end);
    const text = (await pdfPageTexts((await fetchPdf(first.file_id)).rawPayload)).join('\n');
    const { file_url: firstUrl } = MonthlyReportLinkSchema.parse((await link(first.file_id)).json());
    expect(text).toContain(`Monthly report: ${monthTitle(current())} to date`);

    expect((await requestMonthToDate(SPD, spdAdmin)).statusCode).toBe(202);
    await expect
      .poll(async () => (await reportOf(SPD, year, month))!.file_id, { timeout: 30_000 })
      .not.toBe(first.file_id);
    // The replaced report is gone: its file, a link given before and new links. The file is removed
    // just after the new report is saved (never before: the list would link a missing file).
    await expect.poll(() => existsSync(path.join(t.dataDir, 'files', first.file_id))).toBe(false);
    const old = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ message: 'File not found' });
    expect((await link(first.file_id)).statusCode).toBe(404);
    const months = MonthlyReportListSchema.parse((await list(SPD)).json()).map((r) => [r.year, r.month]);
    expect(months).toEqual([
      [year, month],
      [2026, 10],
    ]);
  });

  it('needs report create or manage, for an organisation the caller manages', async () => {
    expect((await requestMonthToDate(SPD, spdUser)).statusCode).toBe(403);
    const foreign = await requestMonthToDate(SPD, capitalAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Organization not found' });
  });
});
