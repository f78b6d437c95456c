/** Centres the map on an area: zoom 16, or 17 for a point of interest. */
import { MAP_ZOOM } from '@flare/core/constants';
import type { Area } from '@flare/core/schemas/area';
import { centreMap } from '../../map/map-commands';

export function centreOnArea(area: Pick<Area, 'lat' | 'lng' | 'point_geom'>): void {
  centreMap([area.lng, area.lat], area.point_geom ? MAP_ZOOM.poiLocate : MAP_ZOOM.areaLocate);
}
