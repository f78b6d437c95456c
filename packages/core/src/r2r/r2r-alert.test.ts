import { describe, expect, it } from 'vitest';
import {
  R2R_ALERTS,
  pairKey,
  r2rAlerts,
  r2rSearchError,
  type R2rAsset,
  type R2rNeighbour,
} from './r2r-alert';

const AT = Date.parse('2026-11-25T12:00:00Z');
const ALERTING: R2rAsset = { thingId: 'a', organizationIds: ['org'], r2rEnabled: true, responder: true };
const HERE = { lat: 40, lng: -75 };
/** A point `metres` north of HERE (a degree of latitude is about 111,195 m on turf's sphere). */
const north = (metres: number) => ({ lat: 40 + metres / 111_194.93, lng: -75 });
const neighbour = (over: Partial<R2rNeighbour> = {}): R2rNeighbour => ({
  thingId: 'b',
  organizationIds: ['org'],
  r2rEnabled: true,
  responder: true,
  position: north(100),
  at: AT,
  ...over,
});
const report = { at: AT, position: HERE, alerting: true };
const never = () => undefined;

describe('r2rAlerts', () => {
  it('alerts an R2R-enabled asset just inside the distance, not one just outside', () => {
    const inside = r2rAlerts(ALERTING, report, [neighbour({ position: north(299) })], never);
    expect(inside).toHaveLength(1);
    expect(inside[0]!.distanceM).toBeCloseTo(299, 0);
    expect(r2rAlerts(ALERTING, report, [neighbour({ position: north(301) })], never)).toEqual([]);
  });

  it('takes the distance it is given', () => {
    expect(r2rAlerts(ALERTING, report, [neighbour({ position: north(400) })], never, 500)).toHaveLength(1);
  });

  it('alerts a pair once per repeat window', () => {
    const key = pairKey('a', 'b');
    const justBefore = (k: string) => (k === key ? AT - R2R_ALERTS.repeatWindowMs + 1 : undefined);
    const atWindow = (k: string) => (k === key ? AT - R2R_ALERTS.repeatWindowMs : undefined);
    expect(r2rAlerts(ALERTING, report, [neighbour()], justBefore)).toEqual([]);
    expect(r2rAlerts(ALERTING, report, [neighbour()], atWindow)).toHaveLength(1);
    // The other direction is another pair.
    expect(pairKey('b', 'a')).not.toBe(key);
  });

  it('needs the lights on, an R2R-enabled responder and a position', () => {
    const others = [neighbour()];
    expect(r2rAlerts(ALERTING, { ...report, alerting: false }, others, never)).toEqual([]);
    expect(r2rAlerts({ ...ALERTING, r2rEnabled: false }, report, others, never)).toEqual([]);
    expect(r2rAlerts({ ...ALERTING, responder: false }, report, others, never)).toEqual([]);
    expect(r2rAlerts(ALERTING, { ...report, position: null }, others, never)).toEqual([]);
  });

  it('alerts only R2R-enabled assets of an organisation both are seen by, not itself', () => {
    expect(r2rAlerts(ALERTING, report, [neighbour({ r2rEnabled: false })], never)).toEqual([]);
    expect(r2rAlerts(ALERTING, report, [neighbour({ organizationIds: ['other'] })], never)).toEqual([]);
    expect(
      r2rAlerts(ALERTING, report, [neighbour({ organizationIds: ['other', 'org'] })], never),
    ).toHaveLength(1);
    expect(r2rAlerts(ALERTING, report, [neighbour({ thingId: 'a' })], never)).toEqual([]);
  });

  it('skips a neighbour whose last position is stale', () => {
    const fresh = neighbour({ at: AT - R2R_ALERTS.freshForMs });
    const stale = neighbour({ at: AT - R2R_ALERTS.freshForMs - 1 });
    expect(r2rAlerts(ALERTING, report, [fresh], never)).toHaveLength(1);
    expect(r2rAlerts(ALERTING, report, [stale], never)).toEqual([]);
  });
});

describe('r2rSearchError', () => {
  it('refuses a start after now', () => {
    expect(r2rSearchError(AT, AT)).toBeNull();
    expect(r2rSearchError(AT + 1, AT)).not.toBeNull();
  });
});
