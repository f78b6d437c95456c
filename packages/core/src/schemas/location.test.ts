import { describe, expect, it } from 'vitest';
import { formatLatLng, locationPlace } from './location';

describe('locationPlace', () => {
  it('titles an incident by its street, else by its position, never a blank', () => {
    const at = { lat: 39.781749, lng: -89.650104 };
    expect(locationPlace({ ...at, street: 'Lincoln Ave' })).toBe('Lincoln Ave');
    expect(locationPlace({ ...at, street: null })).toBe('39.78175, -89.65010');
    expect(locationPlace({ ...at, street: '' })).toBe('39.78175, -89.65010');
    expect(formatLatLng(at)).toBe('39.78175, -89.65010');
  });
});
