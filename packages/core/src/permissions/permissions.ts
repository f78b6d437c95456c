/**
 * Permission strings as the API sends them ("thing:read") and their upper-case spelling used
 * elsewhere in the product ("THING_READ"), plus the rule that "manage" grants every action.
 */

export const PERMISSIONS = [
  'organization:manage',
  'organization:create',
  'organization:read',
  'organization:update',
  'organization:delete',
  'user:admin:manage',
  'user:admin:create',
  'user:manage',
  'user:create',
  'user:read',
  'user:update',
  'user:delete',
  'thing:manage',
  'thing:read',
  'thing:update',
  'thing:admin:manage',
  'thing:invoke_r2r',
  'thing:ha5_light_intensity_change',
  'incident:read',
  'incident:update',
  'heatmap:create',
  'heatmap:read',
  'exclusion:manage',
  'exclusion:create',
  'exclusion:read',
  'exclusion:update',
  'exclusion:delete',
  'closure:manage',
  'closure:create',
  'closure:read',
  'closure:update',
  'closure:delete',
  'mobile:closure:manage',
  'mobile:closure:create',
  'mobile:closure:update',
  'zone:manage',
  'zone:read',
  'trip:read',
  'hazard:manage',
  'hazard:create',
  'hazard:read',
  'hazard:update',
  /** Flare's own: read the motorist alerts its sources make (the spec names none). */
  'alert:read',
  'report:manage',
  'report:create',
  'report:read',
  'report:update',
  'report:delete',
  'export:manage',
  'export:create',
  'export:read',
  'export:delete',
  'integration_configuration:manage',
  'integration_configuration:read',
  'integration_configuration:create',
  'integration_configuration:delete',
  'billing:read',
  'haas:manage',
  'engineer:test',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const KNOWN = new Set<string>(PERMISSIONS);

/** Upper-case names that are not simply the string upper-cased with ':' turned into '_'. */
const IRREGULAR_CONSTANTS: Partial<Record<Permission, string>> = {
  'thing:ha5_light_intensity_change': 'THING_LIGHT_INTENSITY',
};

export function permissionConstant(permission: Permission): string {
  return IRREGULAR_CONSTANTS[permission] ?? permission.toUpperCase().replaceAll(':', '_');
}

const BY_CONSTANT = new Map<string, Permission>(PERMISSIONS.map((p) => [permissionConstant(p), p]));

/** Accepts either spelling and returns the canonical "resource:action" form, or null if unknown. */
export function parsePermission(value: string): Permission | null {
  if (KNOWN.has(value)) return value as Permission;
  return BY_CONSTANT.get(value) ?? null;
}

const MANAGED_ACTIONS = new Set(['create', 'read', 'update', 'delete']);

/** True when holding `held` allows `required`: the same string, or "x:manage" for x's CRUD actions. */
export function grants(held: Permission, required: Permission): boolean {
  if (held === required) return true;
  if (!held.endsWith(':manage')) return false;
  const resource = held.slice(0, -':manage'.length);
  const cut = required.lastIndexOf(':');
  return required.slice(0, cut) === resource && MANAGED_ACTIONS.has(required.slice(cut + 1));
}

export function holdsAny(held: readonly string[], required: readonly Permission[]): boolean {
  if (required.length === 0) return true;
  const canonical = held.map(parsePermission).filter((p): p is Permission => p !== null);
  return required.some((r) => canonical.some((h) => grants(h, r)));
}
