/**
 * Calls about the organisation on show: after a switch to a managed organisation, reads ask for its
 * data and creates make the new record its own, so nothing lands in the user's own organisation by
 * mistake.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeProfile, fakeTokens } from '../testing/fake-api';
import { apiFetch } from './api-client';
import { signOut, startSession } from './session';
import { switchOrganization } from './subscribed-organization';

afterEach(() => {
  signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function signedInAcsAdmin() {
  const profile = fakeProfile(['exclusion:manage', 'haas:manage']);
  const calls = fakeApi({
    'GET /profile': () => ({
      status: 200,
      body: {
        ...profile,
        acs: true,
        managed_orgs: [{ ...profile.user_org, id: 'org-2', name: 'Capital Roadworks' }],
      },
    }),
    'GET /organization/exclusion_zone': () => ({ status: 200, body: { data: [] } }),
    'GET /organization/exclusion_zone?org_ids%5B%5D=org-2': () => ({ status: 200, body: { data: [] } }),
    'POST /organization/exclusion_zone': () => ({ status: 201, body: {} }),
  });
  await startSession(fakeTokens());
  return calls;
}

describe('scoped calls', () => {
  it('in the own organisation: no organisation named', async () => {
    const calls = await signedInAcsAdmin();
    await apiFetch('/organization/exclusion_zone', { scoped: true });
    await apiFetch('/organization/exclusion_zone', { method: 'POST', body: { name: 'Yard' }, scoped: true });
    expect(calls.slice(-2).map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/organization/exclusion_zone', body: undefined },
      { path: '/organization/exclusion_zone', body: { name: 'Yard' } },
    ]);
  });

  it('after a switch: reads ask for the organisation on show, and a create is made its own', async () => {
    const calls = await signedInAcsAdmin();
    switchOrganization('org-2');
    await apiFetch('/organization/exclusion_zone', { scoped: true });
    await apiFetch('/organization/exclusion_zone', { method: 'POST', body: { name: 'Yard' }, scoped: true });
    // A body that names its organisation keeps it.
    await apiFetch('/organization/exclusion_zone', {
      method: 'POST',
      body: { name: 'Depot', organization_id: 'org-1' },
      scoped: true,
    });
    expect(calls.slice(-3).map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/organization/exclusion_zone?org_ids%5B%5D=org-2', body: undefined },
      { path: '/organization/exclusion_zone', body: { name: 'Yard', organization_id: 'org-2' } },
      { path: '/organization/exclusion_zone', body: { name: 'Depot', organization_id: 'org-1' } },
    ]);
  });
});
