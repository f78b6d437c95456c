import { afterEach, describe, expect, it } from 'vitest';
import { isSameView, readLastView, saveLastView } from './last-view';

afterEach(() => localStorage.clear());

describe('the last map view', () => {
  it('is remembered per user in this browser', () => {
    saveLastView('user-1', { center: [-89.65, 39.78], zoom: 14.5 });
    saveLastView('user-2', { center: [-89.4, 43.07], zoom: 11 });
    expect(readLastView('user-1')).toEqual({ center: [-89.65, 39.78], zoom: 14.5 });
    expect(readLastView('user-2')).toEqual({ center: [-89.4, 43.07], zoom: 11 });
    expect(readLastView('user-3')).toBeNull();
  });

  it('ignores what is not a usable view', () => {
    for (const stored of [
      'not json',
      'null',
      '[]',
      '{"center":[-89.6],"zoom":12}',
      '{"center":[-89.6,39.7]}',
      '{"center":["-89.6",39.7],"zoom":12}',
      '{"center":[-89.6,95],"zoom":12}',
      '{"center":[-89.6,39.7],"zoom":40}',
    ]) {
      localStorage.setItem('flare.mapView.user-1', stored);
      expect(readLastView('user-1')).toBeNull();
    }
  });

  it('counts views a few pixels apart at the same zoom as the same', () => {
    const view = { center: [-89.65, 39.78] as [number, number], zoom: 15 };
    // At zoom 15 a pixel is about 3.7 m here: 0.0001° of longitude is about 2.3 px.
    expect(isSameView(view, { center: [-89.6501, 39.78], zoom: 15.01 })).toBe(true);
    expect(isSameView(view, { center: [-89.651, 39.78], zoom: 15 })).toBe(false);
    expect(isSameView(view, { center: [-89.65, 39.78], zoom: 15.5 })).toBe(false);
  });
});
