import { describe, expect, it } from 'vitest';
import type { Organization } from '@flare/core/schemas/organization';
import { filterOrganizations } from './filter-organizations';

const org = (name: string, type: string, city: string) =>
  ({ name, city, organization_type: { display_name: type } }) as Organization;
const ORGS = [org('Springfield Police', 'Police', 'Springfield'), org('Lakeside', 'Tow', 'Peoria')];

describe('filterOrganizations', () => {
  it('matches every word against name, type and city, in any case', () => {
    expect(filterOrganizations(ORGS, 'TOW peo').map((o) => o.name)).toEqual(['Lakeside']);
    expect(filterOrganizations(ORGS, 'police')).toHaveLength(1);
    expect(filterOrganizations(ORGS, ' ')).toHaveLength(2);
    expect(filterOrganizations(ORGS, 'nobody')).toEqual([]);
  });
});
