/** Incident rows as the API and the live feed show them (a "location"). */
import { pointExtent } from '@flare/core/incidents/incident-extent';
import type { Incident, IncidentThing } from '@flare/core/schemas/incident';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import type { IncidentRow, StintRow } from './incidents.repository';

/** The System ID users quote: short and stable. */
export const systemId = (number: string) => `INC-${number}`;

export function toIncident(row: IncidentRow, stints: readonly StintRow[], now: number): Incident {
  const thing = (stint: StintRow): IncidentThing => ({
    id: stint.thing_id,
    name: primaryDisplayName({ nickname: stint.nickname, haas_id: stint.device_id }),
    start_time: stint.start_time.toISOString(),
    end_time: stint.end_time?.toISOString() ?? null,
    runtime: Math.max(
      0,
      Math.round(((stint.end_time?.getTime() ?? now) - stint.start_time.getTime()) / 1000),
    ),
  });
  return {
    id: row.id,
    external_id: systemId(row.number),
    organization_id: row.organization_id,
    is_active: row.end_time === null,
    lat: row.lat,
    lng: row.lng,
    start_lat: row.start_lat,
    start_lng: row.start_lng,
    features: row.extent ?? pointExtent(row),
    street: row.street,
    near_area:
      row.near_area_name === null
        ? null
        : { name: row.near_area_name, distance_m: row.near_area_distance_m ?? 0 },
    roadway_heading: row.roadway_heading,
    things_active: stints.filter((s) => s.end_time === null).map(thing),
    things_inactive: stints.filter((s) => s.end_time !== null).map(thing),
    start_time: row.start_time.toISOString(),
    end_time: row.end_time?.toISOString() ?? null,
    alert_message: row.alert_message,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Each incident with its stints, in the rows' order. */
export function toIncidents(
  rows: readonly IncidentRow[],
  stints: readonly StintRow[],
  now: number,
): Incident[] {
  const byIncident = new Map<string, StintRow[]>();
  for (const stint of stints)
    byIncident.set(stint.incident_id, [...(byIncident.get(stint.incident_id) ?? []), stint]);
  return rows.map((row) => toIncident(row, byIncident.get(row.id) ?? [], now));
}
