/** Reference lists: roles, asset types and subtypes, area (ez) types. */
import { z } from 'zod';

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  description: z.string(),
  order: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;

export const ThingTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  emergency: z.boolean(),
});
export type ThingType = z.infer<typeof ThingTypeSchema>;

export const ThingSubtypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  thing_type_id: z.string(),
});
export type ThingSubtype = z.infer<typeof ThingSubtypeSchema>;

export const EzTypeSchema = z.object({
  id: z.string(),
  db_name: z.string(),
  display_name: z.string(),
  is_station_view: z.boolean(),
  is_av_type: z.boolean(),
});
export type EzType = z.infer<typeof EzTypeSchema>;

/** Area types whose areas only platform administrators edit (no_stop and no_enter). */
export const AV_EZ_TYPES = ['no_stop', 'no_enter'] as const;
