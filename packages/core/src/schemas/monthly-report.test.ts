import { describe, expect, it } from 'vitest';
import { MonthlyReportLinkQuerySchema, validMonthlyReports } from './monthly-report';

const REPORT = {
  file_id: 'springfield-monthly-report-2026-10-0a1b2c3d.pdf',
  year: 2026,
  month: 10,
  organization_id: '6a1075a0-3b7e-4a43-9f33-1c1d2e3f4a5b',
  organization_name: 'Springfield Police Department',
};

describe('the monthly report list', () => {
  it('drops the entries failing the schema and keeps the rest', () => {
    const entries = [
      REPORT,
      { ...REPORT, file_id: 'report.csv' }, // not a PDF
      { ...REPORT, year: 2013 }, // before 2014
      { ...REPORT, month: 13 },
      { ...REPORT, month: 0 },
      { ...REPORT, organization_id: 'not-a-uuid' },
      { ...REPORT, organization_name: undefined },
      null,
      'report.pdf',
      { ...REPORT, year: 2014, month: 1 },
    ];
    expect(validMonthlyReports(entries)).toEqual([REPORT, { ...REPORT, year: 2014, month: 1 }]);
  });
});

describe('the PDF link query', () => {
  it('makes a download only with is_downloadable=true', () => {
    expect(MonthlyReportLinkQuerySchema.parse({ filename: 'a.pdf' }).is_downloadable).toBe(false);
    expect(
      MonthlyReportLinkQuerySchema.parse({ filename: 'a.pdf', is_downloadable: 'true' }).is_downloadable,
    ).toBe(true);
    expect(MonthlyReportLinkQuerySchema.safeParse({ filename: '' }).success).toBe(false);
  });
});
