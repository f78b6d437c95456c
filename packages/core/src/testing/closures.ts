/** Closures for tests (server and web), in the wire format of the closures API. */
import type { Closure } from '../schemas/closure';
import type { ClosureHistoryEntry } from '../schemas/closure-history';

let next = 0;

export function makeClosure(overrides: Partial<Closure> = {}): Closure {
  next += 1;
  const route = {
    type: 'LineString' as const,
    coordinates: [
      [-89.65, 39.8],
      [-89.64, 39.801],
    ] as Array<[number, number]>,
  };
  const closure: Omit<Closure, 'calculated_route' | 'geocoded_route'> = {
    id: `00000000-0000-4000-c000-${String(next).padStart(12, '0')}`,
    closure_type: 'manual',
    thing_id: null,
    thing: null,
    organization: {
      id: '00000000-0000-4000-b000-000000000001',
      name: 'Springfield Police Department',
      organization_type: 'police',
    },
    status: 'standby',
    is_active: false,
    is_in_service: true,
    is_dashboard_managed: true,
    feed: null,
    description: `Closure ${next}`,
    alert_message: null,
    direction: null,
    impacted_lanes: [1],
    user_route: route,
    route_path: route,
    road_names: [],
    street_start: null,
    street_end: null,
    start_time: null,
    end_time: null,
    last_start_time: null,
    is_scheduled: false,
    is_publish_on: false,
    external_id: null,
    location_method: null,
    vehicle_impact: null,
    group_id: null,
    is_wzdx_compliant: false,
    updated_at: '2026-11-22T10:00:00.000Z',
    is_deleted: false,
    ...overrides,
  };
  const { route_path, street_start, street_end, road_names } = closure;
  return {
    calculated_route: route_path,
    geocoded_route: {
      type: 'Feature',
      geometry: route_path,
      properties: { street_start, street_end, road_names },
    },
    ...closure,
  };
}

/** A change in a closure's history at `at`: by default Ann Lee changed it while it was off. */
export function makeClosureHistoryEntry(
  at: string,
  overrides: Partial<ClosureHistoryEntry> = {},
): ClosureHistoryEntry {
  return {
    id: at,
    at,
    action: 'changed',
    source: 'user',
    user: { id: 'u1', name: 'Ann Lee' },
    is_active: false,
    ...overrides,
  };
}
