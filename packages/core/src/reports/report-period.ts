/**
 * Calendar months in an organisation's time zone, for monthly reports: where a month starts and ends
 * as instants, which month an instant falls in, and which day of its month. Pure (Intl only).
 */

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

export interface LocalDate extends YearMonth {
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(
  instant: number,
  timeZone: string,
): LocalDate & { hour: number; minute: number; second: number } {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, ms. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of local midnight starting the day (month overflow allowed: month 13 is next January). */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  // The offset at the guess may differ from the one at the answer (a DST change within the day).
  return wall - zoneOffsetMs(guess, timeZone);
}

export function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
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
