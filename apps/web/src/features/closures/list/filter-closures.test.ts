import { describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import { makeClosure } from '@flare/core/testing/closures';
import { DEFAULT_CLOSURE_FILTERS, filterClosures } from './filter-closures';

const closure = (id: string, patch: Partial<Closure>) => makeClosure({ id, ...patch });
const closures = [
  closure('manual-active', {
    closure_type: 'manual',
    status: 'active',
    is_in_service: true,
    description: 'Main St resurfacing',
    road_names: ['IL-29'],
  }),
  closure('automated-offline', {
    closure_type: 'automated',
    status: 'offline',
    is_in_service: true,
    description: 'Crash truck',
  }),
  closure('feed-oos', {
    closure_type: 'feed',
    status: 'standby',
    is_in_service: false,
    description: 'DOT work zone',
  }),
  closure('automated-pending', {
    closure_type: 'automated',
    status: 'pending',
    is_in_service: true,
    description: 'Arrow board',
    thing: {
      id: 't',
      nickname: 'Board 7',
      haas_id: 'CRW-AB-107',
      heartbeat_datetime: null,
      registry_number: 'Unit 44',
      vin_number: null,
      license_plate_number: 'IL 123 456',
    },
  }),
];
const ids = (filters: Partial<typeof DEFAULT_CLOSURE_FILTERS>) =>
  filterClosures(closures, { ...DEFAULT_CLOSURE_FILTERS, ...filters }).map((c) => c.id);

describe('the closures filters', () => {
  it('by default hide offline and out-of-service closures', () => {
    expect(ids({})).toEqual(['manual-active', 'automated-pending']);
    expect(ids({ showOutOfService: true, statuses: ['standby'] })).toEqual(['feed-oos']);
  });

  it('filter by type and search description, road names and asset, ignoring case', () => {
    expect(ids({ types: ['automated'], statuses: ['pending', 'offline'] })).toEqual([
      'automated-offline',
      'automated-pending',
    ]);
    expect(ids({ search: 'MAIN st' })).toEqual(['manual-active']);
    expect(ids({ search: 'il-29' })).toEqual(['manual-active']);
    expect(ids({ search: 'crw-ab' })).toEqual(['automated-pending']);
    expect(ids({ search: 'unit 44' })).toEqual(['automated-pending']);
    expect(ids({ search: 'il 123' })).toEqual(['automated-pending']);
  });
});
