/**
 * Stations (areas of the station type) that assets are grouped under on the map: the assets the
 * server links to a station (`station_id`: parked inside it, not responding), one group per station,
 * its marker at the middle of its assets.
 */
import { useMemo } from 'react';
import type { Thing } from '@flare/core/schemas/thing';
import { useLiveThings } from '../live/live-things-store';

export interface StationGroup {
  id: string;
  name: string;
  /** [lng, lat] of the station marker. */
  position: [number, number];
  /** The assets linked to the station (the spec's derived stationId). */
  thingIds: ReadonlySet<string>;
}

export function stationGroupsOf(things: Iterable<Thing>): StationGroup[] {
  const members = new Map<string, Thing[]>();
  for (const thing of things) {
    if (!thing.station_id || thing.lat === null || thing.lng === null) continue;
    const list = members.get(thing.station_id);
    if (list) list.push(thing);
    else members.set(thing.station_id, [thing]);
  }
  return [...members].map(([id, list]) => ({
    id,
    name: 'Station',
    position: [
      list.reduce((sum, thing) => sum + thing.lng!, 0) / list.length,
      list.reduce((sum, thing) => sum + thing.lat!, 0) / list.length,
    ],
    thingIds: new Set(list.map((thing) => thing.id)),
  }));
}

export function useStationGroups(): readonly StationGroup[] {
  const { items: things } = useLiveThings();
  return useMemo(() => stationGroupsOf(things.values()), [things]);
}

/** How many assets are parked at each station (by area id): what the area icons show. */
export function useStationCounts(): ReadonlyMap<string, number> {
  const stations = useStationGroups();
  return useMemo(() => new Map(stations.map((station) => [station.id, station.thingIds.size])), [stations]);
}
