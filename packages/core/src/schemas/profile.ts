/** GET /profile and the client's camel-cased profile derived from it. */
import { z } from 'zod';
import { OrganizationSummarySchema } from './organization';
import { visibleSections, type SectionId } from '../permissions/sections';

export const ProfileResponseSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_code: z.string().nullable(),
  role_id: z.number().int(),
  organization_id: z.string(),
  acs: z.boolean(),
  permissions: z.array(z.string()),
  organization_type: z.string(),
  has_api_keys: z.boolean(),
  is_ha_direct_enabled: z.boolean(),
  show_infinite_timeout_option: z.boolean(),
  billing_id: z.string().nullable(),
  user_org: OrganizationSummarySchema,
  managed_orgs: z.array(OrganizationSummarySchema),
  accessed_orgs: z.array(OrganizationSummarySchema),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  countryCode: string | null;
  roleId: number;
  organizationId: string;
  acs: boolean;
  permissions: string[];
  organizationType: string;
  hasApiKeys: boolean;
  isHADEnabled: boolean;
  hasAwarenessModeAccess: boolean;
  billingId: string | null;
  userAccess: SectionId[];
  userOrg: ProfileResponse['user_org'];
  managedOrgs: ProfileResponse['managed_orgs'];
  accessedOrgs: ProfileResponse['accessed_orgs'];
}

export function toProfile(wire: ProfileResponse): Profile {
  return {
    id: wire.id,
    firstName: wire.firstname,
    lastName: wire.lastname,
    fullName: `${wire.firstname} ${wire.lastname}`.trim(),
    email: wire.email,
    phone: wire.phone,
    address1: wire.address1,
    address2: wire.address2,
    city: wire.city,
    state: wire.state?.toUpperCase() ?? null,
    postalCode: wire.postal_code,
    countryCode: wire.country_code,
    roleId: wire.role_id,
    organizationId: wire.organization_id,
    acs: wire.acs,
    permissions: wire.permissions,
    organizationType: wire.organization_type,
    hasApiKeys: wire.has_api_keys,
    isHADEnabled: wire.is_ha_direct_enabled,
    hasAwarenessModeAccess: wire.show_infinite_timeout_option,
    billingId: wire.billing_id,
    userAccess: visibleSections(wire.permissions),
    userOrg: wire.user_org,
    managedOrgs: wire.managed_orgs,
    accessedOrgs: wire.accessed_orgs,
  };
}
