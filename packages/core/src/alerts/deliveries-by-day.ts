/** Counts stamped by hour, gathered into the days of a time zone (the partners view's chart). */
import { localDateOf, startOfLocalDay } from '../time/zoned-time';

export interface HourCount {
  hour: number;
  count: number;
}

const DAY_MS = 86_400_000;

const isoDate = (instant: number, timeZone: string) => {
  const { year, month, day } = localDateOf(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** The local dates (YYYY-MM-DD) of the `days` days up to and including `now`'s, oldest first. */
export function lastDays(now: number, days: number, timeZone: string): string[] {
  const today = startOfLocalDay(now, timeZone);
  // Noon of each day: a day with a daylight-saving change is still that day.
  return Array.from({ length: days }, (_, i) =>
    isoDate(today - (days - 1 - i) * DAY_MS + DAY_MS / 2, timeZone),
  );
}

/** The counts per local date of `dates` (others are left out). */
export function countsByDate(
  counts: readonly HourCount[],
  dates: readonly string[],
  timeZone: string,
): number[] {
  const index = new Map(dates.map((date, i) => [date, i]));
  const totals = new Array<number>(dates.length).fill(0);
  for (const { hour, count } of counts) {
    const i = index.get(isoDate(hour, timeZone));
    if (i !== undefined) totals[i]! += count;
  }
  return totals;
}
