/** How `MapView` carries out a map command (map-commands.ts) on its MapLibre instance. */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LngLat, MapCommand } from './map-commands';

type Bounds = [[west: number, south: number], [east: number, north: number]];

/** The smallest box holding every position (one position gives a box of no size). */
export function boundsOf(positions: LngLat[]): Bounds {
  const lngs = positions.map(([lng]) => lng);
  const lats = positions.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

export function runMapCommand(
  map: Pick<MapLibreMap, 'easeTo' | 'fitBounds' | 'getZoom'>,
  command: MapCommand,
): void {
  switch (command.kind) {
    case 'centre':
      map.easeTo({
        center: command.position,
        zoom: Math.max(map.getZoom(), command.zoom ?? 0),
      });
      return;
    case 'fit': {
      const { positions, padding, maxZoom, animate } = command;
      if (positions.length === 0) return;
      map.fitBounds(boundsOf(positions), { padding, maxZoom, animate });
      return;
    }
    case 'reveal':
      // The shell's concern: nothing changes on the map itself.
      return;
  }
}
