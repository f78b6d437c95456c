import { act, fireEvent, screen, within } from '@testing-library/react';
import { rem } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClosure } from '@flare/core/testing/closures';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { onMapCommand, type MapCommand } from '../../../map/map-commands';
import { renderRoutes } from '../../../testing/render';
import { ClosuresListScreen } from './closures-list-screen';

afterEach(() => {
  vi.useRealTimers();
  signOut();
  vi.unstubAllGlobals();
});

const closures = [
  makeClosure({ status: 'active', is_active: true, description: 'Main St resurfacing' }),
  makeClosure({ status: 'standby', is_in_service: false, description: 'DOT work zone' }),
];

async function openList() {
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(['closure:view']) }),
    'GET /organization/closure': () => ({
      status: 200,
      body: { data: closures, counts: { active: 1, standby: 1, pending: 0, offline: 0 } },
    }),
  });
  await startSession(fakeTokens());
  renderRoutes(
    [
      { path: '/dashboard/closures', element: <ClosuresListScreen /> },
      { path: '/dashboard/closures/:closureId', element: <p>Detail</p> },
    ],
    '/dashboard/closures',
  );
  fireEvent.click(await screen.findByRole('switch', { name: 'Show out of service' }));
  return screen.findByRole('list', { name: 'Closures' });
}

const rowOf = (list: HTMLElement, description: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((row) => row.textContent?.includes(description));

describe('the closures list', () => {
  it('has rows 70 high, 90 for an out-of-service closure', async () => {
    const list = await openList();
    await within(list).findByText('DOT work zone');
    expect(rowOf(list, 'Main St resurfacing')?.style.height).toBe(rem(70));
    expect(rowOf(list, 'DOT work zone')?.style.height).toBe(rem(90));
  });

  it('searches 350 ms after the last key', async () => {
    const list = await openList();
    await within(list).findByText('DOT work zone');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search closures' }), { target: { value: 'dot' } });
    act(() => {
      vi.advanceTimersByTime(349);
    });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('DOT work zone')]);
  });

  it('opening a closure fits the map to its route with 75 px around it, at most zoom 17', async () => {
    const list = await openList();
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    fireEvent.click(await within(list).findByText('Main St resurfacing'));
    stop();
    expect(commands).toEqual([
      { kind: 'fit', positions: closures[0]!.route_path.coordinates, padding: 75, maxZoom: 17 },
    ]);
    await screen.findByText('Detail');
  });
});
