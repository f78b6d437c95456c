/**
 * The figures of an organisation's monthly report, computed from what the database holds for the
 * month: incidents and arrivals on scene, R2R alerts and lights-on time, closures' active periods, and
 * each asset's reporting. The server gathers the rows; the rules of what counts live here.
 */
import { dayIndexOf, type MonthPeriod } from './report-period';

export const REPORT_RULES = {
  /** The tree of monthly reports starts in this year. */
  firstYear: 2014,
  /** Uptime: the share of five-minute slots with at least one report (as the asset coverage counts). */
  slotMs: 300_000,
  /** Lights-on time: each report with the lights on counts until the next report, at most this long. */
  lightsOnGapMs: 300_000,
  /** Time-to-scene: how far before an arrival to look for the moment the lights came on. */
  timeToSceneLookbackMs: 2 * 3_600_000,
  /** A month's report is built this long after the month ends in the organisation's time zone. */
  buildDelayMs: 3_600_000,
} as const;

/** What a report covers: a calendar month, up to its end or, for a month to date, up to `until`. */
export interface ReportWindow {
  period: MonthPeriod;
  /** The end of what is counted (excluded): the month's end, or the build time for a month to date. */
  until: number;
}

export function reportWindow(period: MonthPeriod, builtAt: number): ReportWindow {
  return { period, until: Math.min(period.end, builtAt) };
}

export function isMonthToDate(window: ReportWindow): boolean {
  return window.until < window.period.end;
}

export interface IncidentInput {
  start: number;
  /** Null while the incident is still active. */
  end: number | null;
}

/** A responder's arrival on scene and when its lights came on before it (null when unknown). */
export interface ArrivalInput {
  arrivedAt: number;
  lightsOnAt: number | null;
}

/** R2R alerts counted per stretch of time starting at `at` (shorter than any time-zone offset step). */
export interface CountAt {
  at: number;
  count: number;
}

/** A closure as stored: only its latest active period is known. */
export interface ClosureInput {
  is_active: boolean;
  /** When it was last switched on; null if it never was. */
  last_start_time: number | null;
  end_time: number | null;
  deleted_at: number | null;
  updated_at: number;
  is_publish_on: boolean;
}

export interface AssetInput {
  name: string;
  /** When the asset was added: its uptime counts from then when that was inside the window. */
  since: number;
  /** Five-minute slots of the window with at least one report. */
  slots: number;
  lastReportAt: number | null;
  /** Time with the lights on in the window, ms. */
  lightsOnMs: number;
}

export interface ReportInputs {
  incidents: IncidentInput[];
  arrivals: ArrivalInput[];
  r2rAlerts: CountAt[];
  /** Motorist alerts delivered, per hour: first reaching a partner's stream, and coming to concern a vehicle. */
  motoristAlerts: { streams: CountAt[]; vehicles: CountAt[] };
  closures: ClosureInput[];
  assets: AssetInput[];
}

export interface AssetUptime {
  name: string;
  /** 0 to 1. */
  uptime: number;
  /** Where its uptime is counted from: the period's start, or when the asset was added if later. */
  countedFrom: number;
  lastReportAt: number | null;
}

export interface MonthlyReportFigures {
  incidents: {
    count: number;
    byDay: number[];
    /** Over the incidents that have ended. */
    averageDurationMs: number | null;
    ended: number;
    averageTimeToSceneMs: number | null;
    /** Arrivals whose time-to-scene is known. */
    timedArrivals: number;
  };
  alerts: {
    r2rCount: number;
    r2rByDay: number[];
    lightsOnMs: number;
    assetsWithLightsOn: number;
  };
  /** How widely the organisation's motorist alerts went out. */
  motoristAlerts: {
    streams: number;
    vehicles: number;
    /** Deliveries of both kinds. */
    byDay: number[];
  };
  closures: {
    /** Closures active at some time in the window. */
    count: number;
    activeHours: number;
    /** Of those, the ones published as WZDx. */
    published: number;
  };
  assets: {
    total: number;
    reporting: number;
    averageUptime: number | null;
    /** Names of the assets without a single report in the window. */
    offline: string[];
    /** Every asset, the least reporting first. */
    uptime: AssetUptime[];
    /** How many assets fall in each of UPTIME_BANDS. */
    byUptimeBand: number[];
  };
}

/** Tenths of uptime, for the chart of assets by uptime. */
export const UPTIME_BANDS = Array.from({ length: 10 }, (_, i) => `${i * 10}–${(i + 1) * 10}%`);

/** Assets per tenth of uptime: 0–10% includes the silent ones, 90–100% the full. */
export function uptimeHistogram(uptimes: readonly number[]): number[] {
  const counts = new Array<number>(UPTIME_BANDS.length).fill(0);
  for (const uptime of uptimes) counts[Math.min(UPTIME_BANDS.length - 1, Math.floor(uptime * 10))]! += 1;
  return counts;
}

const average = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

const inWindow = (at: number, window: ReportWindow) => at >= window.period.start && at < window.until;

/** Per day of the month (local): how many of `counts` fall on it. */
export function countByDay(counts: readonly CountAt[], window: ReportWindow): number[] {
  const days = new Array<number>(window.period.days).fill(0);
  for (const { at, count } of counts) {
    if (!inWindow(at, window)) continue;
    const day = dayIndexOf(at, window.period);
    if (day !== null) days[day]! += count;
  }
  return days;
}

/**
 * The closure's latest active period, as well as the stored fields tell it: from its last start to
 * its end (or now while it is on); a closure switched off without an end time ended at its last
 * change at the latest. Null if it was never active.
 */
export function closureActivePeriod(
  closure: ClosureInput,
  now: number,
): { from: number; until: number } | null {
  if (closure.last_start_time === null) return null;
  const from = closure.last_start_time;
  const until =
    closure.is_active && closure.deleted_at === null
      ? Math.min(closure.end_time ?? now, now)
      : Math.min(closure.end_time ?? Infinity, closure.updated_at, closure.deleted_at ?? Infinity, now);
  return until > from ? { from, until } : null;
}

/** Time-to-scene of an arrival: from the lights coming on to the arrival; null when unknown. */
export function timeToSceneMs(arrival: ArrivalInput): number | null {
  if (arrival.lightsOnAt === null || arrival.lightsOnAt > arrival.arrivedAt) return null;
  return arrival.arrivedAt - arrival.lightsOnAt;
}

/** The window's five-minute slots (from `from` when later than its start), a started slot counting whole. */
export function slotsIn(window: ReportWindow, from = window.period.start): number {
  const start = Math.max(from, window.period.start);
  return Math.max(1, Math.ceil((window.until - start) / REPORT_RULES.slotMs));
}

export function monthlyFigures(inputs: ReportInputs, window: ReportWindow): MonthlyReportFigures {
  const incidents = inputs.incidents.filter((i) => inWindow(i.start, window));
  const ended = incidents.filter((i) => i.end !== null);
  const timesToScene = inputs.arrivals
    .filter((a) => inWindow(a.arrivedAt, window))
    .map(timeToSceneMs)
    .filter((ms) => ms !== null);

  const r2r = inputs.r2rAlerts.filter((r) => inWindow(r.at, window));

  let closureCount = 0;
  let published = 0;
  let activeMs = 0;
  for (const closure of inputs.closures) {
    const active = closureActivePeriod(closure, window.until);
    if (!active) continue;
    const overlap = Math.min(active.until, window.until) - Math.max(active.from, window.period.start);
    if (overlap <= 0) continue;
    closureCount += 1;
    activeMs += overlap;
    if (closure.is_publish_on) published += 1;
  }

  const uptime = inputs.assets
    .map((a) => ({
      name: a.name,
      uptime: Math.min(1, a.slots / slotsIn(window, a.since)),
      countedFrom: Math.max(a.since, window.period.start),
      lastReportAt: a.lastReportAt,
    }))
    .sort((a, b) => a.uptime - b.uptime || a.name.localeCompare(b.name));

  return {
    incidents: {
      count: incidents.length,
      byDay: countByDay(
        incidents.map((i) => ({ at: i.start, count: 1 })),
        window,
      ),
      averageDurationMs: average(ended.map((i) => i.end! - i.start)),
      ended: ended.length,
      averageTimeToSceneMs: average(timesToScene),
      timedArrivals: timesToScene.length,
    },
    alerts: {
      r2rCount: r2r.reduce((sum, r) => sum + r.count, 0),
      r2rByDay: countByDay(r2r, window),
      lightsOnMs: inputs.assets.reduce((sum, a) => sum + a.lightsOnMs, 0),
      assetsWithLightsOn: inputs.assets.filter((a) => a.lightsOnMs > 0).length,
    },
    motoristAlerts: motoristAlertFigures(inputs.motoristAlerts, window),
    closures: {
      count: closureCount,
      activeHours: Math.round(activeMs / 360_000) / 10,
      published,
    },
    assets: {
      total: uptime.length,
      reporting: uptime.filter((a) => a.uptime > 0).length,
      averageUptime: average(uptime.map((a) => a.uptime)),
      offline: uptime.filter((a) => a.uptime === 0).map((a) => a.name),
      uptime,
      byUptimeBand: uptimeHistogram(uptime.map((a) => a.uptime)),
    },
  };
}

function motoristAlertFigures(
  deliveries: ReportInputs['motoristAlerts'],
  window: ReportWindow,
): MonthlyReportFigures['motoristAlerts'] {
  const total = (counts: CountAt[]) =>
    counts.filter((c) => inWindow(c.at, window)).reduce((sum, c) => sum + c.count, 0);
  return {
    streams: total(deliveries.streams),
    vehicles: total(deliveries.vehicles),
    byDay: countByDay([...deliveries.streams, ...deliveries.vehicles], window),
  };
}

/** "2 h 05 min", "6 min 30 s", "45 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(min).padStart(2, '0')} min`;
  if (min > 0) return `${min} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** "63.4%". */
export function formatShare(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}
