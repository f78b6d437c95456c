/** How an asset is named and its motion shown (3 and 9). */

/** Names of this many characters or more are shortened to first 4 + "..." + last 4. */
export const SHORTEN_FROM_LENGTH = 12;
export const OUT_OF_SERVICE_SUFFIX = '| OOS';

interface Named {
  nickname: string | null;
  haas_id: string;
}

/** The nickname, else the system name upper-cased. */
export function primaryDisplayName(thing: Named): string {
  return thing.nickname?.trim() ? thing.nickname.trim() : thing.haas_id.toUpperCase();
}

/** The system name when a nickname exists, else nothing. */
export function secondaryDisplayName(thing: Named): string | null {
  return thing.nickname?.trim() ? thing.haas_id : null;
}

export function shortenName(name: string): string {
  return name.length >= SHORTEN_FROM_LENGTH ? `${name.slice(0, 4)}...${name.slice(-4)}` : name;
}

/** A name as a list shows it: shortened unless the full name is asked for, "| OOS" when out of service. */
export function displayName(name: string, options: { full?: boolean; inService: boolean }): string {
  const shown = options.full ? name : shortenName(name);
  return options.inService ? shown : `${shown} ${OUT_OF_SERVICE_SUFFIX}`;
}

export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** [lng, lat] of an asset that has reported a position, else null. */
export function thingPosition(thing: { lat: number | null; lng: number | null }): [number, number] | null {
  return thing.lat === null || thing.lng === null ? null : [thing.lng, thing.lat];
}

/** The 8-point compass rule: course / 45 rounded, modulo 8. Null without a course. */
export function compassIndex(course: number | null): number | null {
  if (course === null || !Number.isFinite(course)) return null;
  return ((Math.round(course / 45) % 8) + 8) % 8;
}

export function compassPoint(course: number | null): CompassPoint | null {
  const index = compassIndex(course);
  return index === null ? null : COMPASS_POINTS[index]!;
}

/** Countries (and territories) that show speed in mph. */
export const MPH_COUNTRIES = ['US', 'GB', 'MM', 'PR', 'LR', 'AS', 'GU', 'MP', 'VI', 'UM'] as const;
export const MPS_TO_MPH = 2.23694;
export const MPS_TO_KMH = 3.6;

export type SpeedUnit = 'mph' | 'km/h';

export function speedUnit(countryCode: string | null): SpeedUnit {
  return (MPH_COUNTRIES as readonly string[]).includes((countryCode ?? 'US').toUpperCase()) ? 'mph' : 'km/h';
}

/** A speed in metres per second, rounded in the unit. */
export function speedIn(metresPerSecond: number, unit: SpeedUnit): number {
  return Math.round(metresPerSecond * (unit === 'mph' ? MPS_TO_MPH : MPS_TO_KMH));
}

/** Speed as shown: rounded in the country's unit, 0 when stale or not moving. */
export function displaySpeed(
  metresPerSecond: number | null,
  options: { unit: SpeedUnit; stale: boolean; moving: boolean },
): number {
  if (options.stale || !options.moving || metresPerSecond === null) return 0;
  return speedIn(metresPerSecond, options.unit);
}

/**
 * A feed asset reports through an integration rather than a device of its own: the JSON API or a
 * forwarding server (device type api), or a provider such as Geotab or Samsara it is linked to.
 */
export function isFeedAsset(thing: {
  device_type: string;
  external_identifiers: ReadonlyArray<{ is_deleted: boolean }>;
}): boolean {
  return thing.device_type === 'api' || thing.external_identifiers.some((id) => !id.is_deleted);
}
