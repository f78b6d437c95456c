import { describe, expect, it } from 'vitest';
import { coordinateSearchError, parseCoordinates } from './coordinate-search';

describe('the coordinate search box', () => {
  it('reads "lat, lng" as typed', () => {
    expect(parseCoordinates('41.8623, -87.6167')).toEqual({ lat: 41.8623, lng: -87.6167 });
    expect(parseCoordinates(' 41 ,-87 ')).toEqual({ lat: 41, lng: -87 });
  });

  it('refuses anything else, and says which', () => {
    for (const text of ['41.8623', '41.8623, -87.6167, 3', 'north, south', '91, 0', '0, 181', '1e3, 2'])
      expect(parseCoordinates(text), text).toBeNull();
    expect(coordinateSearchError('')).toBe('Required');
    expect(coordinateSearchError('x')).toBe('Invalid coordinates');
    expect(coordinateSearchError('1, 2')).toBeNull();
  });
});
