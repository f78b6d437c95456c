/**
 * Areas (the API calls them exclusion zones): stations, hospitals, points of interest, exclusions and
 * the autonomous-vehicle types no-stop and no-enter. The API's shapes, the messages, and the save
 * payload's rules (geometry rules: areas/area-geometry.ts).
 */
import { z } from 'zod';
import { exclusionProblem, type ExclusionProblem } from '../areas/area-geometry';
import { AddressInputSchema } from './address';
import { MESSAGES } from '../messages';
import { requiredText, storable } from './common';

export const AREA_MESSAGES = {
  nameTooLong: '100 Max Characters',
  positionRequired: "ERROR: Please set new map location. Click 'View Instructions' above if needed",
  tooFewPoints: 'Exclusions must have at least 3 points',
  invalidShape: 'Exclusion shape is invalid',
  tooLarge: 'Polygon area is too large, please keep area under .5 square miles',
  unableToSave: 'Unable to save Area',
  notFound: 'Area not found',
  unableToDelete: 'Unable to delete Area',
  notAllowed: 'User does not have required permissions',
} as const;

export const EXCLUSION_PROBLEM_MESSAGES: Record<ExclusionProblem, string> = {
  too_few_points: AREA_MESSAGES.tooFewPoints,
  invalid: AREA_MESSAGES.invalidShape,
  too_large: AREA_MESSAGES.tooLarge,
};

export const AREA_NAME_MAX = 100;
export const AREA_DESCRIPTION_MAX = 100;

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);
const LngLatSchema = z.tuple([Longitude, Latitude]);

export const PolygonGeometrySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(LngLatSchema).max(1_000)).min(1).max(1),
});
export const PointGeometrySchema = z.object({ type: z.literal('Point'), coordinates: LngLatSchema });

export const EzTypeSchema = z.object({
  id: z.string(),
  db_name: z.string(),
  display_name: z.string(),
  is_station_view: z.boolean(),
  /** No-stop and no-enter: rules for autonomous vehicles, which only platform administrators change. */
  is_av_type: z.boolean(),
});
export type EzType = z.infer<typeof EzTypeSchema>;

export const AreaSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  thing_id: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  desc: z.string().nullable(),
  /** Legacy circles only: the radius in miles (1 mile = 1609 m); 0 for every other area. */
  radius_dist: z.number(),
  is_active: z.boolean(),
  /** The polygon of an exclusion (or a station drawn as one); null for points and legacy circles. */
  area_geom: PolygonGeometrySchema.nullable(),
  /** The point of a point of interest; null for polygons and legacy circles. */
  point_geom: PointGeometrySchema.nullable(),
  ez_type: EzTypeSchema,
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_code: z.string().nullable(),
  updated_at: z.string(),
});
export type Area = z.infer<typeof AreaSchema>;

export const AreasSchema = z.object({ data: z.array(AreaSchema) });
export const AreasQuerySchema = z.object({ 'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional() });

/** What the area form asks for: the name, description and type, and the address. */
export const AreaFormSchema = z
  .object({
    name: requiredText().max(AREA_NAME_MAX, AREA_MESSAGES.nameTooLong),
    desc: storable(
      z.string().trim().max(AREA_DESCRIPTION_MAX, `${AREA_DESCRIPTION_MAX} Max Characters`),
    ).nullish(),
    ez_type_id: z.uuid(MESSAGES.required),
  })
  .and(AddressInputSchema);
export type AreaFormInput = z.input<typeof AreaFormSchema>;
export type AreaFormValues = z.infer<typeof AreaFormSchema>;

/**
 * The save payload: the form's fields and the shape drawn on the map. The shape decides the kind of
 * area: `is_poi` a point of interest at lat/lng; else `area_geom` a polygon; else a positive
 * `radius_dist` a legacy circle (kept as it was).
 */
export const AreaInputSchema = AreaFormSchema.and(
  z.object({
    /** On create: the owner (default the caller's organisation). Ignored on update. */
    organization_id: z.uuid().optional(),
    lat: Latitude.nullish(),
    lng: Longitude.nullish(),
    is_poi: z.boolean().default(false),
    area_geom: PolygonGeometrySchema.nullish(),
    radius_dist: z.number().min(0).max(10).default(0),
  }),
).superRefine((area, context) => {
  if (area.lat === null || area.lat === undefined || area.lng === null || area.lng === undefined)
    context.addIssue({ code: 'custom', path: ['lat'], message: AREA_MESSAGES.positionRequired });
});
export type AreaInput = z.infer<typeof AreaInputSchema>;

export type AreaKind = 'poi' | 'polygon' | 'legacy';

/** The kind of area a payload saves, and the message when its shape cannot be saved. */
export function areaShapeOf(
  input: Pick<AreaInput, 'is_poi' | 'area_geom' | 'radius_dist'>,
): { kind: AreaKind; problem: null } | { kind: 'polygon'; problem: string } {
  if (input.is_poi) return { kind: 'poi', problem: null };
  if (input.area_geom) {
    const problem = exclusionProblem(input.area_geom);
    return problem
      ? { kind: 'polygon', problem: EXCLUSION_PROBLEM_MESSAGES[problem] }
      : { kind: 'polygon', problem: null };
  }
  if (input.radius_dist > 0) return { kind: 'legacy', problem: null };
  return { kind: 'polygon', problem: AREA_MESSAGES.tooFewPoints };
}

/** The message the area form shows for a failed save: the server's reason mapped as users know it. */
export function areaSaveErrorMessage(status: number, serverMessage: string | undefined): string {
  const message = (serverMessage ?? '').toLowerCase();
  if (status === 422 && message.includes('invalid')) return AREA_MESSAGES.invalidShape;
  if (status === 422 && message.includes('too large')) return AREA_MESSAGES.tooLarge;
  return AREA_MESSAGES.unableToSave;
}

/**
 * The message for a failed list load: 404 means an organisation asked for is not (or no longer) one
 * the user may see, after a switch or a change of its relationships; 0: the server was not reached.
 */
export function areaListErrorMessage(status: number): string {
  if (status === 404) return MESSAGES.organizationNotFound;
  if (status === 0) return MESSAGES.connectionFailed;
  return MESSAGES.unknownFailure;
}

/** The message for a failed delete: 404 means it is gone already (the list drops it all the same). */
export function areaDeleteErrorMessage(status: number): string {
  return status === 404 ? AREA_MESSAGES.notFound : AREA_MESSAGES.unableToDelete;
}
