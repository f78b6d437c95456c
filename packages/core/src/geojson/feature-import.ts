/**
 * Reading a GeoJSON file into save payloads, one per feature: the document is a FeatureCollection
 * or a single Feature; each feature becomes a payload or is refused with the reason (and its name,
 * if it has one), kept by its place in the file so a summary can point at it. Areas and zones each
 * say how one feature reads.
 */
import { z } from 'zod';

export const GEOJSON_FILE_MESSAGES = {
  notJson: 'The file is not valid JSON',
  notGeoJson: 'The file is not a GeoJSON FeatureCollection or Feature',
  notFeature: 'Not a GeoJSON Feature',
  noGeometry: 'The feature has no geometry',
  badCoordinates: 'Coordinates must be [longitude, latitude] within range',
} as const;

export interface FeatureImport<Input> {
  /** Where each feature is in the file (0-based). */
  inputs: Array<{ index: number; input: Input }>;
  refused: Array<{ index: number; name?: string; reason: string }>;
}

export type FeatureRead<Input> = { input: Input } | { name?: string; reason: string };

/** Thrown when the whole file is not GeoJSON the import reads (the message says so). */
export class GeoJsonFileError extends Error {}

const DocumentSchema = z.union([
  z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  z.object({ type: z.literal('Feature') }).loose(),
]);

export const FeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).loose().nullable(),
  properties: z.record(z.string(), z.unknown()).nullish(),
});

// Other tools write a third number (the altitude); our shapes are flat, so it is dropped.
export const PositionSchema = z
  .array(z.number())
  .min(2)
  .transform((position): [number, number] => [position[0]!, position[1]!])
  .refine(([lng, lat]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90);

/** The text of a file as JSON; throws GeoJsonFileError when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GeoJsonFileError(GEOJSON_FILE_MESSAGES.notJson);
  }
}

export function importFeatures<Input>(
  json: unknown,
  readFeature: (feature: unknown) => FeatureRead<Input>,
): FeatureImport<Input> {
  const document = DocumentSchema.safeParse(json);
  if (!document.success) throw new GeoJsonFileError(GEOJSON_FILE_MESSAGES.notGeoJson);
  const features = document.data.type === 'FeatureCollection' ? document.data.features : [document.data];
  const result: FeatureImport<Input> = { inputs: [], refused: [] };
  features.forEach((feature, index) => {
    const read = readFeature(feature);
    if ('input' in read) result.inputs.push({ index, input: read.input });
    else result.refused.push({ index, ...read });
  });
  return result;
}

/** A payload that failed its schema, as "field: message" ("Required" for a missing field). */
export function issueReason(
  issue: z.core.$ZodIssue,
  fields: Record<string, unknown>,
  required: string,
): string {
  const field = String(issue.path[0]);
  // A missing field reads as the form says it, not as zod's "expected string, received undefined".
  const message =
    issue.code === 'invalid_type' && (fields[field] === undefined || fields[field] === null)
      ? required
      : issue.message;
  return `${field}: ${message}`;
}
