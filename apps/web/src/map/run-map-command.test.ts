import { describe, expect, it } from 'vitest';
import { boundsOf, runMapCommand } from './run-map-command';
import { FakeMap } from './testing/fake-map';

describe('map commands', () => {
  it('centres without zooming out: the zoom is the larger of the current and the asked one', () => {
    const map = new FakeMap();
    map.zoom = 18;
    runMapCommand(map.asMap(), { kind: 'centre', position: [-89.6, 39.8], zoom: 16 });
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.6, 39.8], zoom: 18 });
    map.zoom = 12;
    runMapCommand(map.asMap(), { kind: 'centre', position: [-89.6, 39.8], zoom: 16 });
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.6, 39.8], zoom: 16 });
    runMapCommand(map.asMap(), { kind: 'centre', position: [-89.5, 39.7] });
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.5, 39.7], zoom: 16 });
  });

  it('fits the bounds of every position with the padding and the maximum zoom', () => {
    const map = new FakeMap();
    const positions: Array<[number, number]> = [
      [-89.7, 39.8],
      [-89.5, 39.6],
      [-89.6, 39.9],
    ];
    runMapCommand(map.asMap(), { kind: 'fit', positions, padding: 50, maxZoom: 17 });
    expect(map.fitBounds).toHaveBeenCalledWith(
      [
        [-89.7, 39.6],
        [-89.5, 39.9],
      ],
      { padding: 50, maxZoom: 17 },
    );
    runMapCommand(map.asMap(), { kind: 'fit', positions, padding: 50, maxZoom: 17, animate: false });
    expect(map.fitBounds).toHaveBeenLastCalledWith(expect.anything(), {
      padding: 50,
      maxZoom: 17,
      animate: false,
    });
  });

  it('a single position is a box of no size', () => {
    expect(boundsOf([[1, 2]])).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });
});
