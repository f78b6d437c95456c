import { describe, expect, it } from 'vitest';
import { formatLatLng, incidentPlace } from './incident';

describe('incidentPlace', () => {
  it('titles an incident by its street, else its saved area, else its position, never a blank', () => {
    const at = { lat: 39.781749, lng: -89.650104, near_area: null };
    const station = { name: 'Station 2', distance_m: 0 };
    expect(incidentPlace({ ...at, street: 'Lincoln Ave', near_area: station })).toBe('Lincoln Ave');
    expect(incidentPlace({ ...at, street: null, near_area: station })).toBe('Station 2');
    expect(incidentPlace({ ...at, street: '', near_area: { ...station, distance_m: 450 } })).toBe(
      'Near Station 2',
    );
    expect(incidentPlace({ ...at, street: null })).toBe('39.78175, -89.65010');
    expect(incidentPlace({ ...at, street: '' })).toBe('39.78175, -89.65010');
    expect(formatLatLng(at)).toBe('39.78175, -89.65010');
  });
});
