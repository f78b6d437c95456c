/** The organisations: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { DefaultedTimestamp } from '../../platform/db/schema';

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  /** The map position, both set or neither. */
  lat: number | null;
  lng: number | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  phone_number: string | null;
  contact_name: string | null;
  cell_phone_number: string | null;
  timezone: string;
  organization_type_id: string;
  responders_type: 'none' | 'some' | 'all';
  is_wzdx_org: Generated<boolean>;
  is_large_org: Generated<boolean>;
  show_infinite_timeout_option: Generated<boolean>;
  is_ha_direct_enabled: Generated<boolean>;
  billing_customer_id: string | null;
  dashboard_enabled: Generated<boolean>;
  sign_in_method: Generated<'password' | 'external'>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** `related_organization_id` is a manager or accessor of `organization_id`. */
export interface OrganizationRelationshipsTable {
  organization_id: string;
  related_organization_id: string;
  relationship_type: 'manager' | 'accessor';
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface OrganizationsTables {
  organizations: OrganizationsTable;
  organization_relationships: OrganizationRelationshipsTable;
}
