/** Where the Zones section lives, and the zone a path selects (`/dashboard/zones/{id}` and its edit). */
export const ZONES_PATH = '/dashboard/zones';

const SELECTED = /^\/dashboard\/zones\/([0-9a-f-]{36})(\/edit)?$/;

export function selectedZoneId(pathname: string): string | null {
  return SELECTED.exec(pathname)?.[1] ?? null;
}

export function isEditingZone(pathname: string): boolean {
  return pathname === `${ZONES_PATH}/new` || SELECTED.exec(pathname)?.[2] !== undefined;
}
