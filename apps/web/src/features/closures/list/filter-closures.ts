/**
 * The Closures list's filters: types, statuses, out-of-service shown or not, and a search over the
 * description, the streets, the work-zone id and the asset's names and numbers. By default every type, the
 * statuses active, standby and pending, out-of-service hidden, no search.
 */
import type { Closure, ClosureStatus, ClosureType } from '@flare/core/schemas/closure';

export interface ClosureFilters {
  types: ClosureType[];
  statuses: ClosureStatus[];
  showOutOfService: boolean;
  search: string;
}

export const DEFAULT_CLOSURE_FILTERS: ClosureFilters = {
  types: ['manual', 'automated', 'feed'],
  statuses: ['active', 'standby', 'pending'],
  showOutOfService: false,
  search: '',
};

export function filterClosures(closures: readonly Closure[], filters: ClosureFilters): Closure[] {
  const needle = filters.search.trim().toLowerCase();
  return closures.filter(
    (closure) =>
      filters.types.includes(closure.closure_type) &&
      filters.statuses.includes(closure.status) &&
      (filters.showOutOfService || closure.is_in_service) &&
      (!needle ||
        [
          closure.description,
          ...closure.road_names,
          closure.street_start,
          closure.street_end,
          closure.external_id,
          closure.thing?.nickname,
          closure.thing?.haas_id,
          closure.thing?.registry_number,
          closure.thing?.license_plate_number,
          closure.thing?.vin_number,
        ].some((text) => text?.toLowerCase().includes(needle))),
  );
}
