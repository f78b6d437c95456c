/** The reference data (roles, organisation, asset and area types): Kysely's types for the module's tables (the database's snake_case names). */

export interface OrganizationTypesTable {
  id: string;
  name: string;
  display_name: string;
  acs: boolean;
  on_icon_url: string | null;
  off_icon_url: string | null;
}

export interface RolesTable {
  id: number;
  name: string;
  description: string;
  sort_order: number;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface ThingTypesTable {
  id: string;
  name: string;
  display_name: string;
  emergency: boolean;
}

export interface ThingSubtypesTable {
  id: string;
  name: string;
  display_name: string;
  thing_type_id: string;
}

export interface EzTypesTable {
  id: string;
  db_name: string;
  display_name: string;
  is_station_view: boolean;
  is_av_type: boolean;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ReferenceTables {
  organization_types: OrganizationTypesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  thing_types: ThingTypesTable;
  thing_subtypes: ThingSubtypesTable;
  ez_types: EzTypesTable;
}
