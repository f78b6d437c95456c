/**
 * Which organisations may act on an asset (thing), one rule for every part of Flare: the asset
 * screens, its API and ingest. An asset has an owner and may name other organisations as its
 * managers (they may change it) or accessors (they may only see it).
 *
 * The caller's side is a list of organisations: their own and those related to it at the
 * organisation level (see the server's AccountsService), or null for platform administrators, who
 * act on every organisation.
 */

/** The organisations of an asset. */
export interface ThingOrganizations {
  ownerId: string;
  /** Organisations the asset names as its managers. */
  managerIds: readonly string[];
  /** Organisations the asset names as accessors. */
  accessorIds: readonly string[];
}

/** The caller's organisations; null: every organisation. */
export type CallerOrganizations = readonly string[] | null;

const includesAny = (caller: CallerOrganizations, organizations: readonly string[]) =>
  caller === null || organizations.some((organization) => caller.includes(organization));

/**
 * Seeing an asset: the caller sees (`visible`: its own organisation and those it manages or
 * accesses) the owner or any organisation the asset names.
 */
export function maySeeThing(visible: CallerOrganizations, thing: ThingOrganizations): boolean {
  return includesAny(visible, [thing.ownerId, ...thing.managerIds, ...thing.accessorIds]);
}

/**
 * Changing an asset (its profile, and reporting its positions): the caller manages (`managed`: its
 * own organisation and those it manages) the owner or an organisation the asset names as manager.
 * Access alone, to the asset or to its owner, only lets one see it.
 */
export function mayChangeThing(
  managed: CallerOrganizations,
  thing: Pick<ThingOrganizations, 'ownerId' | 'managerIds'>,
): boolean {
  return includesAny(managed, [thing.ownerId, ...thing.managerIds]);
}

/** Changing which organisations manage or access an asset: the caller manages its owner. */
export function mayChangeThingOrganizations(
  managed: CallerOrganizations,
  thing: Pick<ThingOrganizations, 'ownerId'>,
): boolean {
  return includesAny(managed, [thing.ownerId]);
}

/**
 * Registering a device as a new asset of an organisation: the caller manages it (its own, or one it
 * manages; any, for platform administrators), as for changing that organisation's assets.
 */
export function mayRegisterThing(managed: CallerOrganizations, organizationId: string): boolean {
  return includesAny(managed, [organizationId]);
}
