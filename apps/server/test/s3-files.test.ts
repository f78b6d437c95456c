/**
 * Files in an S3-compatible bucket (S3_URL): an export's CSV and a monthly report's PDF are stored in
 * the bucket, not in DATA_DIR/files, and download through their signed links with the bucket's bytes;
 * an export whose bucket does not exist ends errored with the reason. The bucket is s3rver in this
 * process, or one on the server of TEST_S3_URL.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, ExportSchema, type Export } from '@flare/core/schemas/export';
import { MonthlyReportLinkSchema } from '@flare/core/schemas/monthly-report';
import { monthOf } from '@flare/core/reports/report-period';
import { fixtures } from './fixtures';
import { bearer, createTestApp, type TestApp } from './test-app';
import { startTestBucket, type TestBucket } from './test-bucket';
import { pdfPageTexts } from './pdf-text';

const DAY_START = new Date('2026-11-29T06:00:00.000Z');

let bucket: TestBucket;
let t: TestApp;
/** A police department of the app: its id, its car's id, and its admin's access token. */
async function department(app: TestApp) {
  const given = fixtures(app);
  const { id } = await given.organization();
  const car = (await given.asset(id)).id;
  const { email } = await given.user(id, 'ADMIN');
  return { id, car, token: (await app.signIn(email)).access_token };
}
type Department = Awaited<ReturnType<typeof department>>;
let spd: Department;
let token: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp({ S3_URL: bucket.url, STATUS_SWEEP_MS: '0', JOB_POLL_MS: '500' });
  spd = await department(t);
  token = spd.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const pointsPayload = ({ id, car }: Department) => ({
  export_type: 'point',
  title: 'Points in the bucket',
  export_start_time: DAY_START.toISOString(),
  export_end_time: new Date(DAY_START.getTime() + 86_400_000).toISOString(),
  use_utc: true,
  organization_id: id,
  thing_uuids: [car],
});

async function exported(app: TestApp, asker: Department): Promise<Export> {
  const accessToken = asker.token;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/organization/export',
    headers: bearer(accessToken),
    payload: pointsPayload(asker),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = ExportSchema.parse(response.json());
  let current: Export | undefined;
  await expect
    .poll(
      async () => {
        const list = await app.app.inject({
          method: 'GET',
          url: '/api/organization/export',
          headers: bearer(accessToken),
        });
        current = list.json<Export[]>().find((e) => e.id === id);
        return current?.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toMatch(/^(completed|errored)$/);
  return current!;
}

describe('files in an S3 bucket', () => {
  it("keeps an export's CSV in the bucket and downloads it through its link", async () => {
    await t.db
      .insertInto('points')
      .values(
        [0, 1, 2].map((n) => ({
          thing_id: spd.car,
          recorded_at: new Date(DAY_START.getTime() + n * 60_000),
          lat: 39.78 + n / 1000,
          lng: -89.65,
        })),
      )
      .execute();
    const done = await exported(t, spd);
    expect(done).toMatchObject({ status: 'completed', file_id: `${done.id}.csv`, rows_written: 3 });
    expect(await bucket.keys()).toContain(done.file_id);
    expect(existsSync(path.join(t.dataDir, 'files', done.file_id!))).toBe(false);

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/organization/export/file/${done.file_id}`,
      headers: bearer(token),
    });
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json<{ file_url: string }>().file_url;
    expect(url).toMatch(/^\/api\/files\//);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const stored = await bucket.object(done.file_id!);
    expect(download.headers['content-length']).toBe(String(stored.length));
    expect(download.rawPayload.equals(stored)).toBe(true);
    const records: Array<Record<string, string>> = parse(download.rawPayload, { bom: true, columns: true });
    expect(records.map((r) => r.asset_id)).toEqual([spd.car, spd.car, spd.car]);

    // Deleting the export removes its object.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/organization/export/${done.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucket.keys()).not.toContain(done.file_id);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("keeps a monthly report's PDF in the bucket and opens it through its link", async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${spd.id}/organization_monthly_report`,
      headers: bearer(token),
      payload: {},
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const { year, month } = monthOf(Date.now(), 'America/Chicago');
    const report = () =>
      t.db
        .selectFrom('monthly_reports')
        .select('file_id')
        .where('organization_id', '=', spd.id)
        .where('year', '=', year)
        .where('month', '=', month)
        .executeTakeFirst();
    await expect.poll(report, { timeout: 60_000, interval: 200 }).toBeTruthy();
    const { file_id } = (await report())!;
    expect(await bucket.keys()).toContain(file_id);
    expect(readdirSync(path.join(t.dataDir))).not.toContain('files');

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/reports/organization_monthly_report_pdf_link?filename=${encodeURIComponent(file_id)}`,
      headers: bearer(token),
    });
    expect(link.statusCode, link.body).toBe(200);
    const { file_url } = MonthlyReportLinkSchema.parse(link.json());
    const pdf = await t.app.inject({ method: 'GET', url: file_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(await bucket.object(file_id))).toBe(true);
    expect((await pdfPageTexts(pdf.rawPayload)).join('\n')).toContain('Monthly report:');
  });

  it('ends an export errored with the reason when its bucket does not exist', async () => {
    const missing = await createTestApp({
      S3_URL: bucket.missingUrl,
      STATUS_SWEEP_MS: '0',
      JOB_POLL_MS: '500',
    });
    try {
      const done = await exported(missing, await department(missing));
      expect(done).toMatchObject({
        status: 'errored',
        file_id: null,
        error: `${EXPORT_MESSAGES.storageFailed} (NoSuchBucket)`,
      });
    } finally {
      await missing.close();
    }
  }, 120_000);
});
