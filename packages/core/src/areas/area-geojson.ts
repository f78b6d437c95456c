/**
 * Areas as GeoJSON, out and in. Out: a FeatureCollection with a Polygon feature for each polygon
 * area and a Point feature for each point of interest and legacy circle (its radius in
 * `radius_dist`, miles). In: each feature becomes the save payload the area form would send, checked
 * by the same rules (AreaInputSchema, areaShapeOf), or is refused with the rule's message. Exported
 * areas import as the same shapes, types, names and addresses.
 */
import { z } from 'zod';
import {
  FeatureSchema,
  GEOJSON_FILE_MESSAGES,
  importFeatures,
  issueReason,
  PositionSchema,
  type FeatureImport,
  type FeatureRead,
} from '../geojson/feature-import';
import { MESSAGES } from '../messages';
import {
  AREA_MESSAGES,
  AreaInputSchema,
  areaShapeOf,
  type Area,
  type AreaInput,
  type EzType,
} from '../schemas/area';
import { polygonOf, ringCentre, ringPoints, type LngLat, type PolygonGeometry } from './area-geometry';

export const AREA_GEOJSON_MESSAGES = {
  multiPolygon: 'MultiPolygon is not supported: an area is one Polygon (one feature per polygon)',
  holes: 'Polygons with holes are not supported',
  typeMissing: 'The area type (ez_type) is missing',
  unknownType: (name: string) => `Unknown area type "${name}"`,
  unsupportedGeometry: (type: string) => `${type} is not supported: an area is a Polygon or a Point`,
} as const;

/** What each feature carries besides its shape: the area's fields, the type by its `db_name`. */
export interface AreaFeatureProperties {
  name: string;
  desc: string | null;
  ez_type: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  /** Legacy circles: the radius in miles; 0 for every other area. */
  radius_dist: number;
}

export interface AreaFeature {
  type: 'Feature';
  id: string;
  geometry: PolygonGeometry | { type: 'Point'; coordinates: LngLat };
  properties: AreaFeatureProperties;
}

export interface AreaFeatureCollection {
  type: 'FeatureCollection';
  features: AreaFeature[];
}

export function areasToGeoJson(areas: readonly Area[]): AreaFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: areas.map((area) => ({
      type: 'Feature',
      id: area.id,
      geometry: area.area_geom ?? { type: 'Point', coordinates: [area.lng, area.lat] },
      properties: {
        name: area.name,
        desc: area.desc,
        ez_type: area.ez_type.db_name,
        address1: area.address1,
        address2: area.address2,
        city: area.city,
        state: area.state,
        postal_code: area.postal_code,
        country_code: area.country_code,
        radius_dist: area.radius_dist,
      },
    })),
  };
}

export type AreaImport = FeatureImport<AreaInput>;

const PolygonCoordinatesSchema = z.array(z.array(PositionSchema));

/** The features of a GeoJSON document as save payloads, and those refused with the reason. */
export function areaInputsFromGeoJson(json: unknown, ezTypes: readonly EzType[]): AreaImport {
  return importFeatures(json, (feature) => areaInputOf(feature, ezTypes));
}

/** The properties read as the area's fields (nothing else: the owner and shape come from elsewhere). */
const TEXT_FIELDS = [
  'name',
  'desc',
  'address1',
  'address2',
  'city',
  'state',
  'postal_code',
  'country_code',
] as const satisfies ReadonlyArray<keyof AreaFeatureProperties>;

type ShapeFields = Pick<AreaInput, 'lat' | 'lng' | 'is_poi' | 'area_geom' | 'radius_dist'>;

/** The payload's shape fields for the feature's geometry (the same ones the drawing gives). */
function shapeOf(
  geometry: { type: string; coordinates?: unknown } | null,
  radius: unknown,
): ShapeFields | { reason: string } {
  if (!geometry) return { reason: GEOJSON_FILE_MESSAGES.noGeometry };
  if (geometry.type === 'Point') {
    const point = PositionSchema.safeParse(geometry.coordinates);
    if (!point.success) return { reason: GEOJSON_FILE_MESSAGES.badCoordinates };
    const [lng, lat] = point.data;
    // A point with a radius is a legacy circle; without, a point of interest.
    const radiusMiles = typeof radius === 'number' && radius > 0 ? radius : 0;
    return { lat, lng, is_poi: radiusMiles === 0, area_geom: null, radius_dist: radiusMiles };
  }
  if (geometry.type === 'Polygon') {
    const rings = PolygonCoordinatesSchema.safeParse(geometry.coordinates);
    if (!rings.success) return { reason: GEOJSON_FILE_MESSAGES.badCoordinates };
    if (rings.data.length > 1) return { reason: AREA_GEOJSON_MESSAGES.holes };
    const points = ringPoints({ type: 'Polygon', coordinates: rings.data });
    if (points.length === 0) return { reason: AREA_MESSAGES.tooFewPoints };
    return { ...ringCentre(points), is_poi: false, area_geom: polygonOf(points), radius_dist: 0 };
  }
  if (geometry.type === 'MultiPolygon') return { reason: AREA_GEOJSON_MESSAGES.multiPolygon };
  return { reason: AREA_GEOJSON_MESSAGES.unsupportedGeometry(geometry.type) };
}

function areaInputOf(json: unknown, ezTypes: readonly EzType[]): FeatureRead<AreaInput> {
  const feature = FeatureSchema.safeParse(json);
  if (!feature.success) return { reason: GEOJSON_FILE_MESSAGES.notFeature };
  const properties = feature.data.properties ?? {};
  const name = typeof properties.name === 'string' ? properties.name : undefined;
  const refuse = (reason: string): FeatureRead<AreaInput> => ({ name, reason });

  const shape = shapeOf(feature.data.geometry, properties.radius_dist);
  if ('reason' in shape) return refuse(shape.reason);
  const problem = areaShapeOf(shape).problem;
  if (problem) return refuse(problem);

  const typeName = properties.ez_type;
  if (typeof typeName !== 'string' || typeName === '') return refuse(AREA_GEOJSON_MESSAGES.typeMissing);
  const type = ezTypes.find((candidate) => candidate.db_name === typeName);
  if (!type) return refuse(AREA_GEOJSON_MESSAGES.unknownType(typeName));

  const fields = Object.fromEntries(TEXT_FIELDS.map((field) => [field, properties[field]]));
  const input = AreaInputSchema.safeParse({ ...fields, ez_type_id: type.id, ...shape });
  if (!input.success) return refuse(issueReason(input.error.issues[0]!, fields, MESSAGES.required));
  return { input: input.data };
}
