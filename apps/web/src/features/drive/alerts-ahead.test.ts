import { describe, expect, it } from 'vitest';
import type { Alert } from '@flare/core/schemas/alert';
import { alertsAhead, formatDistance, spokenWarning } from './alerts-ahead';

const alert = (id: string, lng: number, type: Alert['type'] = 'hazard', message = 'Debris on the road') =>
  ({ id, type, message, geometry: { type: 'Point', coordinates: [lng, 39.78] } }) as Alert;

describe('the alerts ahead', () => {
  it('come nearest first, with their distance from the vehicle now', () => {
    const ahead = alertsAhead([alert('far', -89.63), alert('near', -89.645)], {
      lat: 39.78,
      lng: -89.65,
      heading: 90,
    });
    expect(ahead.map((a) => a.alert.id)).toEqual(['near', 'far']);
    expect(ahead[0]!.metres).toBeGreaterThan(420);
    expect(ahead[0]!.metres).toBeLessThan(440);
    expect(alertsAhead([alert('x', -89.6)], null)).toEqual([]);
  });

  it('read as a driver hears them', () => {
    expect(formatDistance(4)).toBe('0 m');
    expect(formatDistance(846)).toBe('850 m');
    expect(formatDistance(996)).toBe('1.0 km');
    expect(formatDistance(1_449)).toBe('1.4 km');
    expect(spokenWarning({ alert: alert('h', 0), metres: 846 })).toBe(
      'Hazard. Debris on the road. In 850 metres.',
    );
    expect(spokenWarning({ alert: alert('c', 0, 'road_closure', 'Road closed'), metres: 2_000 })).toBe(
      'Road closed. In 2.0 kilometres.',
    );
  });
});
