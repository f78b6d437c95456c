import { describe, expect, it } from 'vitest';
import type { OrganizationSummary } from '../schemas/organization';
import {
  maySwitchOrganizations,
  organizationListTitle,
  subscribableOrganizations,
  subscribedOrganization,
} from './organization-switch';

const org = (id: string, name: string) => ({ id, name }) as OrganizationSummary;
const own = org('own', 'Prairie Fleet');
const profile = (acs: boolean, managed: OrganizationSummary[], accessed: OrganizationSummary[] = []) => ({
  acs,
  userOrg: own,
  managedOrgs: managed,
  accessedOrgs: accessed,
});

describe('switching organisations', () => {
  it('lists the own organisation first, then the others by name, each once', () => {
    const list = subscribableOrganizations(
      profile(
        true,
        [org('b', 'Springfield PD'), org('a', 'Capital Road Works')],
        [org('b', 'Springfield PD'), own],
      ),
    );
    expect(list.map((o) => o.id)).toEqual(['own', 'a', 'b']);
  });

  it('is offered to acs users with more than one organisation', () => {
    expect(maySwitchOrganizations(profile(true, [org('a', 'A')]))).toBe(true);
    expect(maySwitchOrganizations(profile(false, [org('a', 'A')]))).toBe(false);
    expect(maySwitchOrganizations(profile(true, []))).toBe(false);
  });

  it('keeps a chosen organisation only while the user may switch to it', () => {
    expect(subscribedOrganization(profile(true, [org('a', 'A')]), 'a').id).toBe('a');
    expect(subscribedOrganization(profile(true, [org('a', 'A')]), 'gone').id).toBe('own');
    expect(subscribedOrganization(profile(false, [org('a', 'A')]), 'a').id).toBe('own');
    expect(subscribedOrganization(profile(true, [org('a', 'A')]), null).id).toBe('own');
  });

  it('titles the list with the count, or x/y while filtered', () => {
    expect(organizationListTitle(7, 7)).toBe('Organizations (7)');
    expect(organizationListTitle(2, 7)).toBe('displaying 2/7');
  });
});
