/**
 * Organisations: the types, the short summary of the profile, the list and form of the accounts
 * screens, and the API's inputs (the address rules: address.ts).
 */
import { z } from 'zod';
import { RESPONDERS_TYPES } from '../labels';
import { MESSAGES } from '../messages';
import { FullAddressInputSchema } from './address';
import { EmailSchema, requiredText, storable } from './common';
import { CreateUserInputSchema } from './user';

export const OrganizationTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  acs: z.boolean(),
  on_icon_url: z.string().nullable(),
  off_icon_url: z.string().nullable(),
});
export type OrganizationType = z.infer<typeof OrganizationTypeSchema>;

/**
 * Where the organisation's maps open while there is nothing of it to show yet (no asset has reported,
 * no incident): its town, not somewhere else. Null until an administrator sets it.
 */
export const MapPositionSchema = z.object({
  lat: z.number().min(-90, 'Latitude is -90 to 90').max(90, 'Latitude is -90 to 90'),
  lng: z.number().min(-180, 'Longitude is -180 to 180').max(180, 'Longitude is -180 to 180'),
});
export type MapPosition = z.infer<typeof MapPositionSchema>;

/** The short organisation shape used in the profile's user_org / managed_orgs / accessed_orgs. */
export const OrganizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  position: MapPositionSchema.nullable(),
  timezone: z.string(),
  country_code: z.string().nullable(),
  organization_type: OrganizationTypeSchema,
  responders_type: z.enum(RESPONDERS_TYPES),
  is_wzdx_org: z.boolean(),
  is_large_org: z.boolean(),
  show_infinite_timeout_option: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;

/** How the caller is related to an organisation of the list. */
export const ORGANIZATION_RELATIONSHIPS = ['own', 'managed', 'accessed', 'other'] as const;
export type OrganizationRelationship = (typeof ORGANIZATION_RELATIONSHIPS)[number];

export const ORGANIZATION_NAME_MAX = 100;

const RelatedOrganizationSchema = z.object({ id: z.string(), name: z.string() });

/** An organisation of GET /organizations, and the answer of PUT and POST /organization. */
export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  contact_name: z.string().nullable(),
  cell_phone_number: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_code: z.string().nullable(),
  timezone: z.string(),
  organization_type: OrganizationTypeSchema,
  responders_type: z.enum(RESPONDERS_TYPES),
  relationship: z.enum(ORGANIZATION_RELATIONSHIPS),
  /** Whether the caller may change it (PUT /organization/{id}). */
  editable: z.boolean(),
  position: MapPositionSchema.nullable(),
  /**
   * The billing system's customer id, and the organisations that manage or access its assets: told to
   * the organisation's own users and platform administrators (null and empty for others).
   */
  billing_customer_id: z.string().nullable(),
  managers: z.array(RelatedOrganizationSchema),
  accessors: z.array(RelatedOrganizationSchema),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationsResponseSchema = z.object({ data: z.array(OrganizationSchema) });

/** GET /organization/assignable: what the caller may choose in the organisation form. */
export const AssignableResponseSchema = z.object({ organization_types: z.array(OrganizationTypeSchema) });
export type Assignable = z.infer<typeof AssignableResponseSchema>;

const optionalText = (max: number) => storable(z.string().trim().max(max)).nullish();

export const DEFAULT_ORGANIZATION_TIMEZONE = 'UTC';

/** An IANA time zone name, e.g. "America/Chicago". */
export const TimeZoneSchema = z.string().refine(isTimeZone, 'Unknown time zone');

/**
 * The organisation's own fields (PUT /organization[/{id}]), the address included; also the edit form.
 * The time zone and the responders type are left as they are when left out.
 */
export const OrganizationInputSchema = z
  .object({
    name: requiredText().max(ORGANIZATION_NAME_MAX, `At most ${ORGANIZATION_NAME_MAX} characters`),
    email: z.union([z.literal(''), EmailSchema]).nullish(),
    phone_number: optionalText(30),
    cell_phone_number: optionalText(30),
    contact_name: optionalText(100),
    organization_type_id: z.uuid(MESSAGES.required),
    timezone: TimeZoneSchema.optional(),
    /** Only Org Admins and platform administrators may change it (setRespondersType). */
    responders_type: z.enum(RESPONDERS_TYPES).optional(),
    /** Left as it is when left out; null clears it. */
    position: MapPositionSchema.nullish(),
  })
  .and(FullAddressInputSchema);
export type OrganizationInput = z.infer<typeof OrganizationInputSchema>;
/** What a client sends to PUT /organization[/{id}]. */
export type OrganizationBody = z.input<typeof OrganizationInputSchema>;

const FirstAdminSchema = CreateUserInputSchema.omit({ role_id: true });

/**
 * The organisation form: the organisation's fields and, on the new-organisation screen, its first
 * Org Admin (left out when editing).
 */
export const OrganizationFormSchema = OrganizationInputSchema.and(
  z.object({ admin: FirstAdminSchema.optional() }),
);
export type OrganizationFormInput = z.input<typeof OrganizationFormSchema>;
export type OrganizationFormValues = z.infer<typeof OrganizationFormSchema>;

/**
 * POST /organization: the organisation and its first Org Admin, who is e-mailed an invitation. The
 * time zone is UTC and the responders type "none" when left out.
 */
export const CreateOrganizationInputSchema = OrganizationInputSchema.and(
  z.object({ admin: FirstAdminSchema }),
);
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;
/** What a client sends to POST /organization. */
export type CreateOrganizationBody = z.input<typeof CreateOrganizationInputSchema>;

export const DeleteOrganizationResponseSchema = z.object({ uuid: z.string() });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
