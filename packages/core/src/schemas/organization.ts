import { z } from 'zod';
import { RESPONDERS_TYPES } from '../labels';

export const OrganizationTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  acs: z.boolean(),
  on_icon_url: z.string().nullable(),
  off_icon_url: z.string().nullable(),
});
export type OrganizationType = z.infer<typeof OrganizationTypeSchema>;

/** The short organisation shape used in the profile's user_org / managed_orgs / accessed_orgs. */
export const OrganizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  country_code: z.string().nullable(),
  organization_type: OrganizationTypeSchema,
  responders_type: z.enum(RESPONDERS_TYPES),
  is_wzdx_org: z.boolean(),
  is_large_org: z.boolean(),
  show_infinite_timeout_option: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;
