import { describe, expect, it } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import {
  countThings,
  defaultFilters,
  filtersFromSearch,
  filtersToSearch,
  sameFilters,
  visibleThings,
} from './thing-filters';

describe('assets list filters', () => {
  it('default to every status but offline when the stored preference says so', () => {
    expect(defaultFilters(true).statuses).toEqual([
      'location',
      'active',
      'standby',
      'stationary',
      'pending',
      'offline',
    ]);
    expect(defaultFilters(false).statuses).not.toContain('offline');
  });

  it('round-trip through the URL, writing only what differs from the defaults', () => {
    const filters = {
      ...defaultFilters(true),
      statuses: ['active' as const],
      search: 'tow',
      typeName: 'tow',
    };
    const params = filtersToSearch(filters, true);
    expect(params.toString()).toBe('status=active&q=tow&type=tow');
    expect(filtersToSearch({ ...filters, feed: false }, true).get('feed')).toBe('0');
    expect(filtersFromSearch(new URLSearchParams('feed=0'), true).feed).toBe(false);
    expect(sameFilters(filtersFromSearch(params, true), filters)).toBe(true);
    expect(filtersToSearch(defaultFilters(true), true).toString()).toBe('');
  });

  it('keep other URL parameters and record an empty status choice', () => {
    const params = filtersToSearch(
      { ...defaultFilters(true), statuses: [] },
      true,
      new URLSearchParams('x=1'),
    );
    expect(params.get('x')).toBe('1');
    expect(filtersFromSearch(params, true).statuses).toEqual([]);
  });

  it('match search text in names, vehicle id, plate and VIN, ignoring case', () => {
    const things = [
      makeThing({ nickname: 'Engine 7' }),
      makeThing({ nickname: null, haas_id: 'ha-tow-1' }),
      makeThing({ license_plate_number: 'ABC123' }),
    ];
    const search = (text: string) => visibleThings(things, { ...defaultFilters(true), search: text }).length;
    expect(search('engine')).toBe(1);
    expect(search('TOW')).toBe(1);
    expect(search('abc1')).toBe(1);
    expect(search('zzz')).toBe(0);
  });

  it('filter by status, out-of-service, type, subtype and owner or manager', () => {
    const managed = makeThing({
      organization_relationships: [
        { organization_uuid: 'org-9', organization_name: 'County', relationship_type: 'manager' },
      ],
    });
    const offline = makeThing({ status: 'offline' });
    const oos = makeThing({ in_service: false });
    const tow = makeThing({
      thing_type: { id: 't', name: 'tow', display_name: 'Tow', emergency: false },
      thing_subtype_uuid: 'sub-1',
      organization: { id: 'org-2', name: 'Tow Co', organization_type: 'tow' },
    });
    const feed = makeThing({ device_type: 'api' });
    const all = [managed, offline, oos, tow, feed];
    const ids = (patch: object) => visibleThings(all, { ...defaultFilters(true), ...patch }).map((t) => t.id);
    expect(ids({ statuses: ['standby'] })).not.toContain(offline.id);
    expect(ids({ outOfService: false })).not.toContain(oos.id);
    expect(ids({})).toContain(feed.id);
    expect(ids({ feed: false })).toEqual(ids({}).filter((id) => id !== feed.id));
    expect(ids({ typeName: 'tow' })).toEqual([tow.id]);
    expect(ids({ typeName: 'tow', subtypeId: 'sub-2' })).toEqual([]);
    expect(ids({ ownedOrgIds: ['org-2'] })).toEqual([tow.id]);
    expect(ids({ managedOrgIds: ['org-9'] })).toEqual([managed.id]);
  });

  it('order by status, then name before pending, then newest heartbeat', () => {
    const old = new Date(Date.now() - 3_600_000).toISOString();
    const rows = visibleThings(
      [
        makeThing({ nickname: 'b', status: 'standby' }),
        makeThing({ nickname: 'z', status: 'active' }),
        makeThing({ nickname: 'a', status: 'standby' }),
        makeThing({ nickname: 'p-old', status: 'pending', heartbeat_datetime: old }),
        makeThing({ nickname: 'p-new', status: 'pending' }),
        makeThing({ nickname: 'scene', status: 'active_location' }),
      ],
      defaultFilters(true),
    );
    expect(rows.map((t) => t.nickname)).toEqual(['scene', 'z', 'a', 'b', 'p-new', 'p-old']);
  });

  it('count online, offline and out-of-service assets', () => {
    const counts = countThings([
      makeThing({ status: 'active' }),
      makeThing({ status: 'pending' }),
      makeThing({ status: 'offline' }),
      makeThing({ status: 'active', in_service: false }),
    ]);
    expect(counts).toEqual({ total: 4, online: 2, offline: 1, outOfService: 1 });
  });
});
