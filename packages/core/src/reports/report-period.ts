/**
 * Calendar months in an organisation's time zone, for monthly reports: where a month starts and ends
 * as instants, which month an instant falls in, and which day of its month. Pure (Intl only).
 */
import { localDateOf, localMidnight } from '../time/zoned-time';

export interface YearMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

export interface MonthPeriod extends YearMonth {
  timeZone: string;
  /** Local midnight of the 1st, epoch ms. */
  start: number;
  /** Local midnight of the next month's 1st (excluded), epoch ms. */
  end: number;
  /** Days in the month. */
  days: number;
}

export function monthPeriod({ year, month }: YearMonth, timeZone: string): MonthPeriod {
  return {
    year,
    month,
    timeZone,
    start: localMidnight(year, month, 1, timeZone),
    end: localMidnight(year, month + 1, 1, timeZone),
    days: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}

export function monthOf(instant: number, timeZone: string): YearMonth {
  const { year, month } = localDateOf(instant, timeZone);
  return { year, month };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The 0-based day of the period an instant falls on (local), or null outside the period. */
export function dayIndexOf(instant: number, period: MonthPeriod): number | null {
  if (instant < period.start || instant >= period.end) return null;
  return localDateOf(instant, period.timeZone).day - 1;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? String(month);
}

/** "November 2026". */
export function monthTitle({ year, month }: YearMonth): string {
  return `${monthName(month)} ${year}`;
}
