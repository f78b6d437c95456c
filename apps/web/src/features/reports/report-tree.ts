/**
 * The monthly reports as a tree: every year from 2014 to this one (the latest first), each with the
 * months that have reports (the latest first), each month's reports by organisation name; the
 * years without reports are gathered into one line.
 */
import { REPORT_RULES } from '@flare/core/reports/monthly-figures';
import { monthName } from '@flare/core/reports/report-period';
import type { MonthlyReport } from '@flare/core/schemas/monthly-report';

export interface ReportMonthNode {
  key: string;
  year: number;
  month: number;
  label: string;
  reports: MonthlyReport[];
}

export interface ReportYearNode {
  key: string;
  year: number;
  months: ReportMonthNode[];
}

export const yearKey = (year: number) => `${year}`;
export const monthKey = (year: number, month: number) => `${year}-${month}`;

export function reportTree(reports: readonly MonthlyReport[], currentYear: number): ReportYearNode[] {
  const years: ReportYearNode[] = [];
  for (let year = currentYear; year >= REPORT_RULES.firstYear; year -= 1) {
    const months = new Map<number, MonthlyReport[]>();
    for (const report of reports.filter((r) => r.year === year))
      months.set(report.month, [...(months.get(report.month) ?? []), report]);
    years.push({
      key: yearKey(year),
      year,
      months: [...months.entries()]
        .sort(([a], [b]) => b - a)
        .map(([month, entries]) => ({
          key: monthKey(year, month),
          year,
          month,
          label: monthName(month),
          reports: entries.sort((a, b) => a.organization_name.localeCompare(b.organization_name)),
        })),
    });
  }
  return years;
}

/**
 * The spec's years run from 2014 to this one; a user looks only at those with reports. The tree keeps
 * those and this year (where new reports arrive); the others are said in one line, as ranges
 * ("2014–2023, 2025").
 */
export function gatherEmptyYears(tree: readonly ReportYearNode[]): {
  shown: ReportYearNode[];
  emptyYears: string | null;
} {
  const shown = tree.filter((year, index) => index === 0 || year.months.length > 0);
  const empty = tree.filter((year) => !shown.includes(year)).map((year) => year.year);
  const ranges: Array<[number, number]> = [];
  for (const year of [...empty].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last[1] === year - 1) last[1] = year;
    else ranges.push([year, year]);
  }
  const text = ranges.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)).join(', ');
  return { shown, emptyYears: text || null };
}

/** What starts expanded: the first year and its first month. */
export function initiallyExpanded(tree: readonly ReportYearNode[]): Set<string> {
  const [first] = tree;
  return new Set(first ? [first.key, ...(first.months[0] ? [first.months[0].key] : [])] : []);
}
