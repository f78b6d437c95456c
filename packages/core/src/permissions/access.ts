/**
 * The access groups: any one listed permission suffices. The web app asks
 * these to decide what to show; the server asks the same ones and has the final say.
 */
import type { ApiKeyScope } from '../schemas/api-key';
import { holdsAny, type Permission } from './permissions';

export const ACCESS = {
  viewThings: ['thing:read', 'thing:manage', 'haas:manage'],
  editThing: ['thing:update', 'thing:manage'],
  showAssetCount: ['thing:read', 'thing:manage'],
  viewIncidents: ['incident:read', 'haas:manage'],
  editIncident: ['incident:update', 'haas:manage'],
  viewAreas: ['exclusion:read', 'exclusion:manage', 'haas:manage'],
  addArea: ['exclusion:create', 'exclusion:manage'],
  editArea: ['exclusion:update', 'exclusion:manage'],
  deleteArea: ['exclusion:delete', 'exclusion:manage'],
  viewClosures: ['closure:read', 'closure:manage', 'haas:manage'],
  addClosure: ['closure:create', 'closure:manage'],
  editClosure: ['closure:update', 'closure:manage'],
  deleteClosure: ['closure:delete', 'closure:manage'],
  addMobileClosure: ['mobile:closure:create', 'mobile:closure:manage'],
  editMobileClosure: ['mobile:closure:update', 'mobile:closure:manage'],
  viewZones: ['zone:read', 'zone:manage', 'haas:manage'],
  manageZones: ['zone:manage', 'haas:manage'],
  viewTrips: ['trip:read'],
  viewR2r: ['engineer:test'],
  viewAccountsNew: ['engineer:test'],
  viewHazards: ['hazard:read'],
  /** Report a hazard from the map (the spec names only hazard:read; create and update are Flare's). */
  reportHazard: ['hazard:create', 'hazard:manage'],
  /** Mark a hazard resolved. */
  resolveHazard: ['hazard:update', 'hazard:manage'],
  /** The motorist alerts (Flare's own permission: everyone but events-only users, and alerts-scoped API keys). */
  viewAlerts: ['alert:read', 'haas:manage'],
  viewData: ['report:read', 'report:manage', 'export:read', 'export:manage', 'haas:manage'],
  viewReports: ['report:read', 'report:manage'],
  /** Build the current month's report to date on demand. */
  createReport: ['report:create', 'report:manage'],
  viewExports: ['export:read', 'export:manage'],
  createExport: ['export:create', 'export:manage'],
  deleteExport: ['export:delete', 'export:manage'],
  viewAccounts: [
    'user:admin:manage',
    'user:admin:create',
    'user:manage',
    'user:create',
    'user:read',
    'user:update',
    'user:delete',
    'organization:manage',
    'organization:create',
    'organization:read',
    'organization:update',
    'organization:delete',
    'thing:admin:manage',
  ],
  viewUsers: ['user:read'],
  createUser: ['user:create'],
  updateUser: ['user:update'],
  deleteUser: ['user:delete'],
  updateOwnUser: ['user:update'],
  viewApiKeys: ['integration_configuration:read'],
  createApiKey: ['integration_configuration:create'],
  revokeApiKey: ['integration_configuration:delete'],
  updateOwnOrganization: ['organization:update'],
  viewOrganizations: ['organization:read', 'organization:manage', 'haas:manage'],
  /** Change an organisation the caller manages (or any, for platform administrators). */
  updateOrganization: ['organization:update', 'organization:manage'],
  /** Choose whether an organisation's assets are responders ("Incidents" or "Events"): Org Admins and platform administrators. */
  setRespondersType: ['organization:manage', 'haas:manage'],
  /** Create and delete organisations: platform administrators only. */
  createOrganization: ['haas:manage'],
  deleteOrganization: ['haas:manage'],
  platformAdmin: ['haas:manage'],
  /**
   * Administer assets: their device credentials (issue, rotate, legacy System Id), their device
   * configuration, and the accounts' Assets tab.
   */
  manageThings: ['thing:manage', 'haas:manage'],
  /** Register a device as a new asset of an organisation the caller manages: Org Admins and platform administrators. */
  registerThing: ['thing:admin:manage', 'haas:manage'],
  /** See, copy, renew or turn off the organisation's incident feed for navigation apps (Waze): whoever manages incidents. */
  manageIncidentFeed: ['incident:update', 'organization:update', 'organization:manage'],
  /** The same for its work-zone feed (WZDx): whoever manages closures. */
  manageWorkZoneFeed: [
    'closure:create',
    'closure:update',
    'closure:manage',
    'organization:update',
    'organization:manage',
  ],
} as const satisfies Record<string, readonly Permission[]>;

export type Access = keyof typeof ACCESS;

/** The permissions each scope of an integration's API key stands for (in its own organisation). */
export const API_KEY_SCOPE_PERMISSIONS: Record<ApiKeyScope, readonly Permission[]> = {
  'assets:read': ['thing:read'],
  'positions:write': ['thing:update'],
  'incidents:read': ['incident:read'],
  'closures:read': ['closure:read'],
  'alerts:read': ['alert:read'],
};

export const apiKeyPermissions = (scopes: readonly ApiKeyScope[]): Permission[] => [
  ...new Set(scopes.flatMap((scope) => API_KEY_SCOPE_PERMISSIONS[scope])),
];

/** "Manage Accounts & Users" in the settings menu shows for the same permissions as the accounts section. */
export const MANAGE_ACCOUNTS_MENU: Access = 'viewAccounts';

export function can(permissions: readonly string[], access: Access): boolean {
  return holdsAny(permissions, ACCESS[access]);
}
