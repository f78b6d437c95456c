/**
 * Alerting zones as GeoJSON, out and in. Out: a FeatureCollection with a LineString feature per zone
 * (its hotspot id, description, alert message and default expiry in the properties). In: each feature
 * becomes the zone's save payload (no default expiry: the server's default), checked by ZoneInputSchema, or is refused with the reason. Exported
 * zones import as the same lines and fields.
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
import { ZoneInputSchema, ZONE_TYPE, type Zone, type ZoneInput } from '../schemas/zone';

export const ZONE_GEOJSON_MESSAGES = {
  unsupportedGeometry: (type: string) => `${type} is not supported: a zone is one LineString`,
} as const;

export interface ZoneFeatureCollection {
  type: 'FeatureCollection';
  features: Array<{
    type: 'Feature';
    id: string;
    geometry: { type: 'LineString'; coordinates: Array<[number, number]> };
    properties: {
      hotspot_id: string;
      description: string | null;
      alert_message: string | null;
      default_expiry_minutes: number;
    };
  }>;
}

export function zonesToGeoJson(zones: readonly Zone[]): ZoneFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({
      type: 'Feature',
      id: zone.id,
      geometry: zone.features.features[0]!.geometry,
      properties: {
        hotspot_id: zone.external_id,
        description: zone.description,
        alert_message: zone.alert_message,
        default_expiry_minutes: zone.default_expiry_minutes,
      },
    })),
  };
}

export type ZoneImport = FeatureImport<ZoneInput>;

const LineCoordinatesSchema = z.array(PositionSchema);
const TEXT_FIELDS = ['hotspot_id', 'description', 'alert_message'] as const;

export function zoneInputsFromGeoJson(json: unknown): ZoneImport {
  return importFeatures(json, zoneInputOf);
}

function zoneInputOf(json: unknown): FeatureRead<ZoneInput> {
  const feature = FeatureSchema.safeParse(json);
  if (!feature.success) return { reason: GEOJSON_FILE_MESSAGES.notFeature };
  const properties = feature.data.properties ?? {};
  const name = typeof properties.hotspot_id === 'string' ? properties.hotspot_id : undefined;
  const { geometry } = feature.data;
  if (!geometry) return { name, reason: GEOJSON_FILE_MESSAGES.noGeometry };
  if (geometry.type !== 'LineString')
    return { name, reason: ZONE_GEOJSON_MESSAGES.unsupportedGeometry(geometry.type) };
  const line = LineCoordinatesSchema.safeParse(geometry.coordinates);
  if (!line.success) return { name, reason: GEOJSON_FILE_MESSAGES.badCoordinates };
  const fields = Object.fromEntries(TEXT_FIELDS.map((field) => [field, properties[field]]));
  const input = ZoneInputSchema.safeParse({
    ...fields,
    default_expiry_minutes: properties.default_expiry_minutes ?? undefined,
    type: ZONE_TYPE,
    geom_type: 'polyline',
    geometry: { type: 'LineString', coordinates: line.data },
  });
  if (!input.success) return { name, reason: issueReason(input.error.issues[0]!, fields, MESSAGES.required) };
  return { input: input.data };
}
