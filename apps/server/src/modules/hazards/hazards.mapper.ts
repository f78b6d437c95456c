/** A hazard row as the API answers it. */
import type { Hazard, HazardSeverity, HazardType } from '@flare/core/schemas/hazard';
import type { HazardRow } from './hazards.repository';

export function toHazard(row: HazardRow): Hazard {
  return {
    id: row.id,
    organization_id: row.organization_id,
    // Written only through the core schemas' enums.
    hazard_type: row.hazard_type as HazardType,
    severity: row.severity as HazardSeverity,
    lat: row.lat,
    lng: row.lng,
    reported_at: row.reported_at.toISOString(),
    reported_by:
      row.reported_by_kind === 'thing'
        ? { kind: 'thing', id: row.reported_by_thing_id, name: row.reported_by_name }
        : { kind: 'user', id: row.reported_by_user_id, name: row.reported_by_name },
    note: row.note,
    has_photo: Boolean(row.has_photo),
    status: row.resolved_at ? 'resolved' : 'open',
    resolved_at: row.resolved_at?.toISOString() ?? null,
    resolved_by: row.resolved_at ? { id: row.resolved_by_user_id, name: row.resolved_by_name ?? '' } : null,
  };
}
