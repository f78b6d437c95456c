import { describe, expect, it } from 'vitest';
import {
  closureActivePeriod,
  formatDuration,
  formatShare,
  isMonthToDate,
  monthlyFigures,
  reportWindow,
  slotsIn,
  timeToSceneMs,
  uptimeHistogram,
  UPTIME_BANDS,
  type ClosureInput,
  type ReportInputs,
} from './monthly-figures';
import { monthPeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const HOUR = 3_600_000;
/** November 2026 in Chicago: 1 Nov 05:00 UTC to 1 Dec 06:00 UTC, 30 days. */
const NOVEMBER = monthPeriod({ year: 2026, month: 11 }, 'America/Chicago');
const WHOLE = reportWindow(NOVEMBER, at('2026-12-01T07:00:00Z'));

const NONE: ReportInputs = {
  incidents: [],
  arrivals: [],
  r2rAlerts: [],
  closures: [],
  assets: [],
  motoristAlerts: { streams: [], vehicles: [] },
};

const closure = (fields: Partial<ClosureInput>): ClosureInput => ({
  is_active: false,
  last_start_time: null,
  end_time: null,
  deleted_at: null,
  updated_at: at('2026-11-20T00:00:00Z'),
  is_publish_on: false,
  ...fields,
});

describe('the report window', () => {
  it('is the whole month once it has ended, the month to date before', () => {
    expect(WHOLE.until).toBe(NOVEMBER.end);
    expect(isMonthToDate(WHOLE)).toBe(false);
    const toDate = reportWindow(NOVEMBER, at('2026-11-16T05:00:00Z'));
    expect(toDate.until).toBe(at('2026-11-16T05:00:00Z'));
    expect(isMonthToDate(toDate)).toBe(true);
  });

  it('counts five-minute slots, a started one whole', () => {
    expect(slotsIn(WHOLE)).toBe((30 * 24 * 60 + 60) / 5); // the month has 30 days and the hour won back
    expect(slotsIn(reportWindow(NOVEMBER, NOVEMBER.start + 7 * MIN))).toBe(2);
  });
});

describe('incidents', () => {
  const figures = monthlyFigures(
    {
      ...NONE,
      incidents: [
        { start: at('2026-11-01T05:00:00Z'), end: at('2026-11-01T05:30:00Z') }, // 1 Nov, 30 min
        { start: at('2026-11-02T05:30:00Z'), end: at('2026-11-02T06:30:00Z') }, // 1 Nov 23:30 local, 60 min
        { start: at('2026-11-30T20:00:00Z'), end: null }, // still active: not in the average
        { start: at('2026-11-01T04:59:00Z'), end: at('2026-11-01T05:10:00Z') }, // October, local
        { start: at('2026-12-01T06:00:00Z'), end: null }, // December, local
      ],
      arrivals: [
        { arrivedAt: at('2026-11-01T05:06:00Z'), lightsOnAt: at('2026-11-01T05:00:00Z') }, // 6 min
        { arrivedAt: at('2026-11-02T05:40:00Z'), lightsOnAt: at('2026-11-02T05:31:00Z') }, // 9 min
        { arrivedAt: at('2026-11-03T00:00:00Z'), lightsOnAt: null }, // lights on too long ago: unknown
        { arrivedAt: at('2026-10-31T00:00:00Z'), lightsOnAt: at('2026-10-30T23:00:00Z') }, // October
      ],
    },
    WHOLE,
  );

  it('counts those that started in the month, by local day', () => {
    expect(figures.incidents.count).toBe(3);
    expect(figures.incidents.byDay).toHaveLength(30);
    expect(figures.incidents.byDay[0]).toBe(2);
    expect(figures.incidents.byDay[29]).toBe(1);
    expect(figures.incidents.byDay.reduce((a, b) => a + b)).toBe(3);
  });

  it('averages the duration of the ended ones and the known times to scene', () => {
    expect(figures.incidents.ended).toBe(2);
    expect(figures.incidents.averageDurationMs).toBe(45 * MIN);
    expect(figures.incidents.timedArrivals).toBe(2);
    expect(figures.incidents.averageTimeToSceneMs).toBe(7.5 * MIN);
  });

  it('has no averages without incidents', () => {
    const empty = monthlyFigures(NONE, WHOLE);
    expect(empty.incidents).toMatchObject({ count: 0, averageDurationMs: null, averageTimeToSceneMs: null });
    expect(empty.assets.averageUptime).toBeNull();
  });

  it('leaves out what happens after the build time of a month to date', () => {
    const toDate = monthlyFigures(
      { ...NONE, incidents: [{ start: at('2026-11-10T12:00:00Z'), end: null }] },
      reportWindow(NOVEMBER, at('2026-11-10T11:00:00Z')),
    );
    expect(toDate.incidents.count).toBe(0);
  });
});

describe('time to scene', () => {
  it('runs from the lights coming on to the arrival, unknown without lights-on before it', () => {
    expect(timeToSceneMs({ arrivedAt: 10 * MIN, lightsOnAt: 4 * MIN })).toBe(6 * MIN);
    expect(timeToSceneMs({ arrivedAt: 10 * MIN, lightsOnAt: null })).toBeNull();
    expect(timeToSceneMs({ arrivedAt: 10 * MIN, lightsOnAt: 11 * MIN })).toBeNull();
  });
});

describe('alerts', () => {
  it('adds R2R alerts up by local day and the lights-on time of every asset', () => {
    const figures = monthlyFigures(
      {
        ...NONE,
        r2rAlerts: [
          { at: at('2026-11-05T15:00:00Z'), count: 3 },
          { at: at('2026-11-06T05:45:00Z'), count: 1 }, // 5 Nov 23:45 local
          { at: at('2026-12-01T06:00:00Z'), count: 9 }, // December
        ],
        assets: [
          { name: 'Patrol 1', since: 0, slots: 10, lastReportAt: null, lightsOnMs: 2 * HOUR },
          { name: 'Patrol 2', since: 0, slots: 10, lastReportAt: null, lightsOnMs: 30 * MIN },
          { name: 'Patrol 3', since: 0, slots: 10, lastReportAt: null, lightsOnMs: 0 },
        ],
      },
      WHOLE,
    );
    expect(figures.alerts.r2rCount).toBe(4);
    expect(figures.alerts.r2rByDay[4]).toBe(4);
    expect(figures.alerts.lightsOnMs).toBe(2.5 * HOUR);
    expect(figures.alerts.assetsWithLightsOn).toBe(2);
  });
});

describe('motorist alerts', () => {
  it("add up the deliveries to partners' streams and to vehicles, both by local day", () => {
    const figures = monthlyFigures(
      {
        ...NONE,
        motoristAlerts: {
          streams: [
            { at: at('2026-11-05T15:00:00Z'), count: 2 },
            { at: at('2026-10-31T12:00:00Z'), count: 5 }, // October
          ],
          vehicles: [
            { at: at('2026-11-05T16:00:00Z'), count: 40 },
            { at: at('2026-11-06T05:00:00Z'), count: 1 }, // 5 Nov 23:00 local
            { at: at('2026-11-07T12:00:00Z'), count: 3 },
          ],
        },
      },
      WHOLE,
    );
    expect(figures.motoristAlerts).toMatchObject({ streams: 2, vehicles: 44 });
    expect(figures.motoristAlerts.byDay[4]).toBe(43);
    expect(figures.motoristAlerts.byDay[6]).toBe(3);
    expect(figures.motoristAlerts.byDay.reduce((a, b) => a + b, 0)).toBe(46);
  });
});

describe('closures', () => {
  it('take their latest active period: from the last start to the end, or now while on', () => {
    const now = at('2026-11-20T12:00:00Z');
    const start = at('2026-11-20T08:00:00Z');
    expect(closureActivePeriod(closure({ is_active: true, last_start_time: start }), now)).toEqual({
      from: start,
      until: now,
    });
    expect(
      closureActivePeriod(
        closure({ is_active: true, last_start_time: start, end_time: at('2026-11-20T10:00:00Z') }),
        now,
      ),
    ).toEqual({ from: start, until: at('2026-11-20T10:00:00Z') });
    // Switched off, saved without times: it ended at its last change at the latest.
    expect(
      closureActivePeriod(closure({ last_start_time: start, updated_at: at('2026-11-20T09:00:00Z') }), now),
    ).toEqual({ from: start, until: at('2026-11-20T09:00:00Z') });
    // Deleted while on.
    expect(
      closureActivePeriod(
        closure({ last_start_time: start, deleted_at: at('2026-11-20T08:30:00Z'), updated_at: now }),
        now,
      ),
    ).toEqual({ from: start, until: at('2026-11-20T08:30:00Z') });
    expect(closureActivePeriod(closure({}), now)).toBeNull();
  });

  it('count those active in the month, their hours inside it, and the published ones', () => {
    const figures = monthlyFigures(
      {
        ...NONE,
        closures: [
          // On since October, switched off on 1 Nov 10:00 UTC: 5 h of November.
          closure({
            last_start_time: at('2026-10-30T00:00:00Z'),
            end_time: at('2026-11-01T10:00:00Z'),
            updated_at: at('2026-11-01T10:00:00Z'),
            is_publish_on: true,
          }),
          // Still on since 30 Nov 06:00 UTC: until the month's end, 24 h.
          closure({ is_active: true, last_start_time: at('2026-11-30T06:00:00Z') }),
          // Only in October.
          closure({
            last_start_time: at('2026-10-01T00:00:00Z'),
            end_time: at('2026-10-02T00:00:00Z'),
            updated_at: at('2026-10-02T00:00:00Z'),
            is_publish_on: true,
          }),
          closure({}), // never on
        ],
      },
      WHOLE,
    );
    expect(figures.closures).toEqual({ count: 2, activeHours: 29, published: 1 });
  });
});

describe('assets', () => {
  it("gives each asset's share of slots with a report, the least reporting first, and the silent ones", () => {
    const slots = slotsIn(WHOLE);
    const figures = monthlyFigures(
      {
        ...NONE,
        assets: [
          { name: 'Truck 2', since: 0, slots, lastReportAt: at('2026-11-30T23:00:00Z'), lightsOnMs: 0 },
          {
            name: 'Truck 1',
            since: 0,
            slots: slots / 4,
            lastReportAt: at('2026-11-10T00:00:00Z'),
            lightsOnMs: 0,
          },
          { name: 'Truck 3', since: 0, slots: 0, lastReportAt: null, lightsOnMs: 0 },
        ],
      },
      WHOLE,
    );
    expect(figures.assets).toEqual({
      total: 3,
      reporting: 2,
      averageUptime: 1.25 / 3,
      offline: ['Truck 3'],
      uptime: [
        { name: 'Truck 3', uptime: 0, countedFrom: WHOLE.period.start, lastReportAt: null },
        {
          name: 'Truck 1',
          uptime: 0.25,
          countedFrom: WHOLE.period.start,
          lastReportAt: at('2026-11-10T00:00:00Z'),
        },
        {
          name: 'Truck 2',
          uptime: 1,
          countedFrom: WHOLE.period.start,
          lastReportAt: at('2026-11-30T23:00:00Z'),
        },
      ],
      byUptimeBand: [1, 0, 1, 0, 0, 0, 0, 0, 0, 1],
    });
  });
});

describe('an asset added during the month', () => {
  it('has its uptime counted from when it was added', () => {
    const since = at('2026-11-16T06:00:00Z');
    const slots = slotsIn(WHOLE, since);
    expect(slots).toBe(15 * 24 * 12);
    const figures = monthlyFigures(
      {
        ...NONE,
        assets: [{ name: 'New truck', since, slots: slots / 2, lastReportAt: null, lightsOnMs: 0 }],
      },
      WHOLE,
    );
    expect(figures.assets.uptime[0]!.uptime).toBe(0.5);
    expect(figures.assets.uptime[0]!.countedFrom).toBe(since);
  });
});

describe('uptime bands', () => {
  it('put each asset in its tenth, the silent in the first and the full in the last', () => {
    expect(UPTIME_BANDS[0]).toBe('0–10%');
    expect(UPTIME_BANDS[9]).toBe('90–100%');
    expect(uptimeHistogram([0, 0.05, 0.1, 0.55, 0.999, 1])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
  });
});

describe('formatting', () => {
  it('writes durations in hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDuration(2 * HOUR + 5 * MIN)).toBe('2 h 05 min');
    expect(formatDuration(6.5 * MIN)).toBe('6 min 30 s');
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('writes shares as percentages with one decimal', () => {
    expect(formatShare(0.6344)).toBe('63.4%');
    expect(formatShare(1)).toBe('100.0%');
  });
});
