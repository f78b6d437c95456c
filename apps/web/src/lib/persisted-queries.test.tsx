import { queryOptions, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_API_DATA_S } from '@flare/core/constants';
import { fakeApi, fakeProfile, fakeTokens } from '../testing/fake-api';
import { renderRoutes } from '../testing/render';
import { apiFetch } from './api-client';
import { PERSISTED, persistQueries } from './persisted-queries';
import { createQueryClient } from './query-client';
import { signOut, startSession } from './session';
import { switchOrganization } from './subscribed-organization';

const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  signOut();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HOUR_MS = CACHED_API_DATA_S * 1000;
const kept = () => Object.keys(sessionStorage).filter((key) => key.startsWith('flare.query.'));

/** Reference data as the app marks it, and a live list that is never kept. */
const typesQuery = queryOptions({
  queryKey: ['thing_types'],
  queryFn: () => apiFetch<Array<{ name: string }>>('/thing_types'),
  staleTime: Infinity,
  ...PERSISTED,
});
const liveQuery = queryOptions({
  queryKey: ['organization', 'closure'],
  queryFn: () => apiFetch<Array<{ name: string }>>('/organization/closure'),
});

function Types() {
  const types = useQuery(typesQuery);
  const live = useQuery(liveQuery);
  return (
    <p>
      {types.data?.map((type) => type.name).join(', ') ?? 'Loading types'}
      {live.data && ' / live loaded'}
    </p>
  );
}

/** Signs in (an ACS user who may show a second organisation) with the API counting its calls. */
async function signIn() {
  const profile = fakeProfile([]);
  const calls = fakeApi({
    'GET /profile': () => ({
      status: 200,
      body: { ...profile, acs: true, managed_orgs: [{ ...profile.user_org, id: 'org-2', name: 'Capital' }] },
    }),
    'GET /thing_types': () => ({ status: 200, body: [{ name: 'Arrow board' }] }),
    'GET /organization/closure': () => ({ status: 200, body: [{ name: 'Main St' }] }),
  });
  await startSession(fakeTokens());
  return () => calls.filter((call) => call.path === '/thing_types').length;
}

/** Opens the page afresh: a new query cache filled from what was kept. */
function openPage() {
  const client = createQueryClient();
  stops.push(persistQueries(client));
  const view = renderRoutes([{ path: '/', element: <Types /> }], '/', client);
  return { ...view, client };
}

describe('reference data kept across reloads', () => {
  it('shows the kept reference data at once after a reload for an hour, never live data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const typeLoads = await signIn();
    const first = openPage();
    await screen.findByText('Arrow board / live loaded');
    expect(kept()).toHaveLength(1);
    first.unmount();

    vi.setSystemTime(Date.now() + HOUR_MS - 1_000);
    const second = openPage();
    // At once, without asking the server again.
    expect(screen.getByText('Arrow board', { exact: false })).toBeTruthy();
    expect(second.client.getQueryData(liveQuery.queryKey)).toBeUndefined();
    expect(typeLoads()).toBe(1);
    second.unmount();

    // An hour after it was loaded, it is gone: the page asks again.
    vi.setSystemTime(Date.now() + 1_000);
    openPage();
    expect(kept()).toEqual([]);
    expect(screen.getByText('Loading types')).toBeTruthy();
    await screen.findByText('Arrow board / live loaded');
    expect(typeLoads()).toBe(2);
  });

  it('drops what was kept at sign-out', async () => {
    await signIn();
    openPage();
    await screen.findByText('Arrow board / live loaded');
    expect(kept()).toHaveLength(1);
    signOut();
    expect(kept()).toEqual([]);
  });

  it('drops what was kept when another organisation is shown, or another user signs in', async () => {
    await signIn();
    const { client } = openPage();
    await screen.findByText('Arrow board / live loaded');
    switchOrganization('org-2');
    expect(kept()).toEqual([]);
    // The new organisation's load is kept for it (the app's cache loads again on a switch).
    await client.refetchQueries();
    expect(kept()).toHaveLength(1);
    await startSession(fakeTokens());
    expect(kept()).toEqual([]);
  });
});
