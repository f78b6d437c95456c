/** The Zones list's search: zone id, description, and the id and name of its assets, ignoring case. */
import type { Zone } from '../schemas/zone';

export function searchZones<Listed extends Pick<Zone, 'id' | 'external_id' | 'description' | 'things'>>(
  zones: readonly Listed[],
  search: string,
): Listed[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...zones];
  return zones.filter((zone) =>
    [zone.id, zone.external_id, zone.description ?? '', ...zone.things.flatMap((t) => [t.id, t.name])].some(
      (text) => text.toLowerCase().includes(needle),
    ),
  );
}
