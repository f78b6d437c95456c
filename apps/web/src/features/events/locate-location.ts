/** Centres the map on an incident at the event-locate zoom (17). */
import { MAP_ZOOM } from '@flare/core/constants';
import type { Location } from '@flare/core/schemas/location';
import { centreMap, revealMap } from '../../map/map-commands';

export function centreOnLocation(location: Pick<Location, 'lat' | 'lng'>): void {
  centreMap([location.lng, location.lat], MAP_ZOOM.eventLocate);
}

/** The row's map finder: uncovers the map on a phone, then centres it on the incident. */
export function findLocationOnMap(location: Pick<Location, 'lat' | 'lng'>): void {
  revealMap();
  centreOnLocation(location);
}
