/** What the map draws for an area: its polygon, its point of interest, or a legacy area's circle. */
import type { Feature } from 'geojson';
import { circlePolygon, METERS_PER_MILE } from '@flare/core/areas/area-geometry';
import type { Area } from '@flare/core/schemas/area';

export function areaShape(
  area: Pick<Area, 'id' | 'lat' | 'lng' | 'radius_dist' | 'area_geom' | 'point_geom'>,
): Feature {
  const geometry =
    area.area_geom ??
    area.point_geom ??
    // Legacy circles keep only their centre and radius: traced as a polygon to fill and outline.
    circlePolygon([area.lng, area.lat], area.radius_dist * METERS_PER_MILE);
  return { type: 'Feature', properties: { id: area.id }, geometry };
}
