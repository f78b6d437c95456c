import { describe, expect, it } from 'vitest';
import type { MonthlyReport } from '@flare/core/schemas/monthly-report';
import { gatherEmptyYears, initiallyExpanded, reportTree } from './report-tree';

const report = (year: number, month: number, organization_name: string): MonthlyReport => ({
  file_id: `${organization_name.toLowerCase()}-${year}-${month}-00000000.pdf`,
  year,
  month,
  organization_id: '6a1075a0-3b7e-4a43-9f33-1c1d2e3f4a5b',
  organization_name,
});

describe('the monthly report tree', () => {
  const tree = reportTree(
    [
      report(2025, 3, 'Springfield'),
      report(2026, 10, 'Springfield'),
      report(2026, 10, 'Capital'),
      report(2026, 11, 'Springfield'),
      report(2012, 5, 'Springfield'), // before the tree's years
    ],
    2026,
  );

  it('has every year from this one down to 2014', () => {
    expect(tree.map((y) => y.year)).toEqual(Array.from({ length: 13 }, (_, i) => 2026 - i));
    expect(tree.find((y) => y.year === 2024)!.months).toEqual([]);
  });

  it('lists the months with reports, the latest first, and their reports by organisation name', () => {
    const [latest] = tree;
    expect(latest!.months.map((m) => [m.label, m.reports.map((r) => r.organization_name)])).toEqual([
      ['November', ['Springfield']],
      ['October', ['Capital', 'Springfield']],
    ]);
    expect(tree.find((y) => y.year === 2025)!.months.map((m) => m.label)).toEqual(['March']);
  });

  it('keeps this year and the years with reports, and gathers the others into ranges', () => {
    const { shown, emptyYears } = gatherEmptyYears(tree);
    expect(shown.map((y) => y.year)).toEqual([2026, 2025]);
    expect(emptyYears).toBe('2014–2024');
    const gaps = gatherEmptyYears(
      reportTree([report(2020, 1, 'Springfield'), report(2014, 2, 'Springfield')], 2026),
    );
    expect(gaps.shown.map((y) => y.year)).toEqual([2026, 2020, 2014]);
    expect(gaps.emptyYears).toBe('2015–2019, 2021–2025');
    expect(gatherEmptyYears(reportTree([], 2014)).emptyYears).toBeNull();
  });

  it('opens the first year and its first month', () => {
    expect(initiallyExpanded(tree)).toEqual(new Set(['2026', '2026-11']));
    expect(initiallyExpanded(reportTree([], 2026))).toEqual(new Set(['2026']));
  });
});
