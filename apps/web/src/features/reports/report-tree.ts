/**
 * The monthly reports as a tree: every year from 2014 to this one (the latest first), each with the
 * months that have reports (the latest first), each month's reports by organisation name.
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

/** What starts expanded: the first year and its first month. */
export function initiallyExpanded(tree: readonly ReportYearNode[]): Set<string> {
  const [first] = tree;
  return new Set(first ? [first.key, ...(first.months[0] ? [first.months[0].key] : [])] : []);
}
