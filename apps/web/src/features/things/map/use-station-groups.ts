/**
 * Stations (areas of the station type) that assets are grouped under on the map. Stations and the
 * assets' station links arrive with the stations issue; until then there are none, and the
 * grouping path of the things layer draws every asset on its own.
 */
export interface StationGroup {
  id: string;
  name: string;
  /** [lng, lat] of the station marker. */
  position: [number, number];
  /** The assets linked to the station (the spec's derived stationId). */
  thingIds: ReadonlySet<string>;
}

const NONE: readonly StationGroup[] = [];

export function useStationGroups(): readonly StationGroup[] {
  return NONE;
}
