/**
 * Centres the map on an incident: at the event-locate zoom (17) on its point, or for a geo marker (an
 * incident with a line, circle or polygon) on its marker at 16, to show the shape around it.
 */
import { MAP_ZOOM } from '@flare/core/constants';
import { isGeoMarker, markerPosition } from '@flare/core/incidents/incident-extent';
import type { Incident } from '@flare/core/schemas/incident';
import { centreMap, revealMap } from '../../map/map-commands';

type Located = Pick<Incident, 'lat' | 'lng' | 'features'>;

export function centreOnIncident(location: Located): void {
  if (isGeoMarker(location.features)) centreMap(markerPosition(location.features), MAP_ZOOM.geoMarkerLocate);
  else centreMap([location.lng, location.lat], MAP_ZOOM.incidentLocate);
}

/** The row's map finder: uncovers the map on a phone, then centres it on the incident. */
export function findIncidentOnMap(location: Located): void {
  revealMap();
  centreOnIncident(location);
}
