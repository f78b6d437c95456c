import { describe, expect, it } from 'vitest';
import { defaultReport, reportFromSearch, searchOfReport, type HazardReport } from './hazard-search';

const NOW = Date.parse('2026-12-01T12:00:30Z');

describe('the hazard report in the URL', () => {
  it('opens on every hazard of the last 24 hours', () => {
    expect(defaultReport(NOW)).toEqual({
      types: ['all'],
      severities: ['low', 'medium', 'high'],
      status: 'all',
      start: '2026-11-30T12:01:00.000Z',
      end: '2026-12-01T12:01:00.000Z',
    });
  });

  it('reads back what it wrote, and nothing it does not know', () => {
    const report: HazardReport = {
      types: ['ice', 'crash'],
      severities: ['high'],
      status: 'open',
      start: '2026-11-30T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    };
    expect(reportFromSearch(new URLSearchParams(searchOfReport(report)))).toEqual(report);
    const odd = new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(searchOfReport(report))) });
    odd.set('types', 'ice,lava');
    odd.set('status', 'gone');
    expect(reportFromSearch(odd)).toEqual({ ...report, types: ['ice'], status: 'all' });
    odd.set('types', 'lava');
    expect(reportFromSearch(odd)).toBeNull();
    expect(reportFromSearch(new URLSearchParams())).toBeNull();
  });
});
