import { fireEvent, screen, within } from '@testing-library/react';
import { rem } from '@mantine/core';
import { makeArea } from '@flare/core/testing/areas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { AreasListScreen } from './areas-list-screen';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

/** The list as a user who may see areas, the list's load answered by `answer`. */
async function openList(answer: FakeAnswer | 'network-error' | (() => FakeAnswer)) {
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(['ez:read']) }),
    'GET /ez_types': () => ({ status: 200, body: [] }),
    'GET /organization/exclusion_zone': () => (typeof answer === 'function' ? answer() : answer),
  });
  await startSession(fakeTokens());
  renderRoutes([{ path: '/dashboard/areas', element: <AreasListScreen /> }], '/dashboard/areas');
}

async function listAnswered(answer: FakeAnswer | 'network-error') {
  await openList(answer);
  // The query tries once more before it gives up.
  return (await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent;
}

describe('areas list', () => {
  it('says "Organization not found" when the list answers 404 (an organisation the user may no longer see)', async () => {
    expect(await listAnswered({ status: 404, body: { message: 'Organization not found' } })).toBe(
      MESSAGES.organizationNotFound,
    );
  });

  it('has rows 75 high', async () => {
    const station = makeArea({
      id: 'area-1',
      name: 'Station 2',
      point_geom: { type: 'Point', coordinates: [-89.65, 39.8] },
    });
    await openList({ status: 200, body: { data: [station] } });
    const list = await screen.findByRole('list', { name: 'Areas' });
    expect(within(list).getByRole('listitem').style.height).toBe(rem(75));
  });

  it('says the connection failed when the server is not reached', async () => {
    expect(await listAnswered('network-error')).toBe(MESSAGES.connectionFailed);
  });

  it('says unknown failure for any other answer', async () => {
    expect(await listAnswered({ status: 500 })).toBe(MESSAGES.unknownFailure);
  });

  it('loads again on Retry after a failed load', async () => {
    let answer: FakeAnswer = { status: 500 };
    await openList(() => answer);
    await screen.findByRole('alert', {}, { timeout: 5_000 });
    answer = { status: 200, body: { data: [makeArea({ name: 'Station 2' })] } };
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Station 2')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
