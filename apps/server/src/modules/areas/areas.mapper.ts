/** Areas as the API shows them, and a save payload as the columns it writes. */
import { polygonOf, ringPoints, stationBounds, type StationShape } from '@flare/core/areas/area-geometry';
import type { Area, AreaInput, AreaKind } from '@flare/core/schemas/area';
import { DEFAULT_STATION_RADIUS_M, METERS_PER_MILE } from '@flare/core/areas/area-geometry';
import type { AreaRow, AreaValues } from './areas.repository';

export function toArea(row: AreaRow): Area {
  return {
    id: row.id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    thing_id: row.thing_id,
    lat: row.lat,
    lng: row.lng,
    desc: row.description,
    radius_dist: row.radius_miles,
    is_active: row.is_active,
    area_geom: row.area_geom,
    point_geom: row.point_geom,
    ez_type: {
      id: row.ez_type_id,
      db_name: row.ez_type_db_name,
      display_name: row.ez_type_display_name,
      is_station_view: row.ez_type_is_station_view,
      is_av_type: row.ez_type_is_av_type,
    },
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    country_code: row.country_code,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The shape a stored area has for the station check: its polygon, else a circle around its point. */
export function stationShapeOf(
  row: Pick<AreaRow, 'area_geom' | 'lat' | 'lng' | 'radius_miles'>,
): StationShape {
  if (row.area_geom) return { kind: 'polygon', geometry: row.area_geom };
  const radiusMeters = row.radius_miles > 0 ? row.radius_miles * METERS_PER_MILE : DEFAULT_STATION_RADIUS_M;
  return { kind: 'circle', center: [row.lng, row.lat], radiusMeters };
}

/** The columns of a checked payload of the given kind. */
export function toAreaValues(input: AreaInput, kind: AreaKind): AreaValues {
  const lat = input.lat!;
  const lng = input.lng!;
  const area_geom = kind === 'polygon' ? polygonOf(ringPoints(input.area_geom!)) : null;
  const radius_miles = kind === 'legacy' ? input.radius_dist : 0;
  const [min_lng, min_lat, max_lng, max_lat] = stationBounds(
    stationShapeOf({ area_geom, lat, lng, radius_miles }),
  );
  return {
    ez_type_id: input.ez_type_id,
    name: input.name,
    description: input.desc || null,
    lat,
    lng,
    radius_miles,
    area_geom: area_geom && JSON.stringify(area_geom),
    point_geom: kind === 'poi' ? JSON.stringify({ type: 'Point', coordinates: [lng, lat] }) : null,
    min_lng,
    min_lat,
    max_lng,
    max_lat,
    address1: input.address1 || null,
    address2: input.address2 || null,
    city: input.city || null,
    state: input.state,
    postal_code: input.postal_code,
    country_code: input.country_code,
  };
}
