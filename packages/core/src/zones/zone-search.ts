/** The Zones list's search: zone id, description, and the id and name of its assets, ignoring case. */
import type { AlertingZone } from '../schemas/alerting-zone';

export function searchZones<Zone extends Pick<AlertingZone, 'id' | 'external_id' | 'description' | 'things'>>(
  zones: readonly Zone[],
  search: string,
): Zone[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...zones];
  return zones.filter((zone) =>
    [zone.id, zone.external_id, zone.description ?? '', ...zone.things.flatMap((t) => [t.id, t.name])].some(
      (text) => text.toLowerCase().includes(needle),
    ),
  );
}
