/**
 * Times in an organisation's time zone: Flare shows, asks for and files every time in the zone of the
 * organisation on show (the one the header clock shows), never the browser's or the server's. The wall
 * clock arithmetic (offsets, local midnights, the instant a wall time names) and the one family of
 * display formats, all on Intl: "Nov 27, 2026, 5:13 AM", "5:13:22 AM", "Nov 27, 2026", "EST".
 */

export interface LocalDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

interface WallTime extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

type Instant = number | string | Date;
const ms = (time: Instant) => (typeof time === 'number' ? time : new Date(time).getTime());

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${key} ${timeZone}`;
  let found = cache.get(id);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(id, found);
  }
  return found;
}

/** Some ICU versions put a narrow no-break space before AM/PM; every side shows a plain one. */
const plain = (text: string) => text.replace(/\u202f/g, ' ');

const NUMERIC: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

function wallClock(instant: number, timeZone: string): WallTime {
  const parts = formatter(timeZone, 'numeric', NUMERIC).formatToParts(new Date(instant));
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

/** The instant a wall time of the zone names (month overflow allowed: month 13 is next January). */
export function instantOfWallTime(
  { year, month, day, hour = 0, minute = 0 }: LocalDate & { hour?: number; minute?: number },
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  // The offset at the guess may differ from the one at the answer (a DST change in between).
  return wall - zoneOffsetMs(guess, timeZone);
}

/** The instant of local midnight starting the day. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  return instantOfWallTime({ year, month, day }, timeZone);
}

export function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

/** The instant of the zone's last midnight at or before `instant`: where its "today" began. */
export function startOfLocalDay(instant: number, timeZone: string): number {
  const { year, month, day } = localDateOf(instant, timeZone);
  return localMidnight(year, month, day, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a `datetime-local` field showing the instant in the zone ("2026-11-27T05:13"). */
export function toWallTimeInput(time: Instant, timeZone: string): string {
  const w = wallClock(ms(time), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a `datetime-local` value ("2026-11-27T05:13") names in the zone, or null if it is none. */
export function fromWallTimeInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return instantOfWallTime({ year, month, day, hour, minute }, timeZone);
}

/** "Nov 27, 2026, 5:13 AM", with seconds when asked ("5:13:22 AM"). */
export function formatDateTime(time: Instant, timeZone: string, { seconds = false } = {}): string {
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  };
  return plain(formatter(timeZone, seconds ? 'datetime-s' : 'datetime', options).format(ms(time)));
}

/** "Nov 27, 2026, 5:13 AM CST": the zone named, where the reader may be on another clock. */
export function formatZonedDateTime(time: Instant, timeZone: string): string {
  return `${formatDateTime(time, timeZone)} ${zoneAbbreviation(time, timeZone)}`;
}

/** "Nov 27, 2026". */
export function formatDate(time: Instant, timeZone: string): string {
  return formatter(timeZone, 'date', { dateStyle: 'medium' }).format(ms(time));
}

/** "5:13 AM", with seconds when asked ("5:13:22 AM"). */
export function formatTimeOfDay(time: Instant, timeZone: string, { seconds = false } = {}): string {
  const options: Intl.DateTimeFormatOptions = { timeStyle: seconds ? 'medium' : 'short' };
  return plain(formatter(timeZone, seconds ? 'time-s' : 'time', options).format(ms(time)));
}

/** The zone's short name at the instant: "EST", "CDT", or "GMT+5:30" where it has none in English. */
export function zoneAbbreviation(time: Instant, timeZone: string): string {
  const parts = formatter(timeZone, 'zone', { timeZoneName: 'short' }).formatToParts(ms(time));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "30-Nov-2026", or "30-Nov-26" with a short year: the spec's dd-MMM-y of export titles and ranges. */
export function formatDashedDate(time: Instant, timeZone: string, { shortYear = false } = {}): string {
  const { year, month, day } = localDateOf(ms(time), timeZone);
  return `${pad(day)}-${MONTHS[month - 1]}-${shortYear ? pad(year % 100) : year}`;
}
