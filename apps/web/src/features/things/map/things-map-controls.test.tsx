import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { liveThings } from '../live/live-things-store';
import { onMapCommand, type MapCommand } from '../../../map/map-commands';
import { FakeMap } from '../../../map/testing/fake-map';
import { renderInMap } from '../../../map/testing/render-in-map';
import { startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { makeThing } from '@flare/core/testing/things';
import type { FitTarget } from '../../../map/use-fit-once';
import { ThingsMapControls } from './things-map-controls';

afterEach(() => liveThings.clear());

/** No active incidents to open on, known at once. */
const NO_INCIDENTS: FitTarget = { ready: true, positions: () => [] };

describe('ThingsMapControls', () => {
  it('show-all fits only the assets the list filters leave on the map, following the live store', () => {
    fakeApi({});
    const responding = makeThing({ status: 'active', lng: -89.6, lat: 39.7 });
    const quiet = makeThing({ status: 'offline', lng: -80, lat: 30 });
    const nowhere = makeThing({ status: 'active', lng: null, lat: null });
    liveThings.replaceAll([responding, quiet, nowhere]);
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    renderInMap(
      <MemoryRouter initialEntries={['/dashboard/things?status=active']}>
        <ThingsMapControls withoutAssets={NO_INCIDENTS} />
      </MemoryRouter>,
      new FakeMap(),
    );
    const showAll = screen.getByRole<HTMLButtonElement>('button', { name: 'Show all' });
    fireEvent.click(showAll);
    expect(commands.pop()).toMatchObject({ kind: 'fit', positions: [[-89.6, 39.7]] });

    act(() => liveThings.upsert([{ ...quiet, status: 'active' }]));
    fireEvent.click(showAll);
    expect(commands.pop()).toMatchObject({
      positions: [
        [-89.6, 39.7],
        [-80, 30],
      ],
    });

    act(() =>
      liveThings.upsert([
        { ...responding, status: 'offline' },
        { ...quiet, status: 'offline' },
      ]),
    );
    expect(showAll.disabled).toBe(true);
    stop();
  });

  it('opens the map on the shown assets once the first load arrives, then leaves the view to the user', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }) });
    await startSession(fakeTokens());
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    renderInMap(
      <MemoryRouter initialEntries={['/dashboard/things?status=active']}>
        <ThingsMapControls withoutAssets={NO_INCIDENTS} />
      </MemoryRouter>,
      new FakeMap(),
    );
    expect(commands).toEqual([]);

    const [north, south] = [
      makeThing({ status: 'active', lng: -89.6, lat: 39.9 }),
      makeThing({ status: 'active', lng: -89.7, lat: 39.6 }),
    ];
    act(() => liveThings.replaceAll([north, south, makeThing({ status: 'offline', lng: -80, lat: 30 })]));
    expect(commands).toEqual([
      {
        kind: 'fit',
        positions: [
          [-89.6, 39.9],
          [-89.7, 39.6],
        ],
        padding: 50,
        maxZoom: 17,
        animate: false,
      },
    ]);

    act(() => liveThings.upsert([makeThing({ status: 'active', lng: -70, lat: 40 })]));
    act(() => liveThings.replaceAll([north]));
    expect(commands).toHaveLength(1);
    stop();
  });

  it("opens on the organisation's own units, not on other organisations' shared assets far away", async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }) }); // org-1
    await startSession(fakeTokens());
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    renderInMap(
      <MemoryRouter initialEntries={['/dashboard/things']}>
        <ThingsMapControls withoutAssets={NO_INCIDENTS} />
      </MemoryRouter>,
      new FakeMap(),
    );
    const shared = { id: 'org-2', name: 'State DOT', organization_type: 'maintenance' };
    act(() =>
      liveThings.replaceAll([
        makeThing({ status: 'active', lng: -89.6, lat: 39.9 }),
        makeThing({ status: 'active', lng: -87.6, lat: 41.9, organization: shared }),
      ]),
    );
    expect(commands).toMatchObject([{ kind: 'fit', positions: [[-89.6, 39.9]] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(commands.pop()).toMatchObject({
      positions: [
        [-89.6, 39.9],
        [-87.6, 41.9],
      ],
    });
    stop();
  });

  it('without assets to see (a Media user), opens on the active incidents once they are known', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(['incident:read']) }) });
    await startSession(fakeTokens());
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    const incidents = { ready: false, positions: () => [[-89.5, 39.8] as [number, number]] };
    const view = (target: FitTarget) => (
      <MemoryRouter initialEntries={['/dashboard/events']}>
        <ThingsMapControls withoutAssets={target} />
      </MemoryRouter>
    );
    const shown = renderInMap(view(incidents), new FakeMap());
    expect(commands).toEqual([]);
    shown.rerender(view({ ...incidents, ready: true }));
    expect(commands).toMatchObject([{ kind: 'fit', positions: [[-89.5, 39.8]], animate: false }]);
    stop();
  });

  it('offers Follow for the selected asset only', () => {
    fakeApi({});
    const engine = makeThing({ nickname: 'Engine 7', status: 'active', lng: -89.6, lat: 39.7 });
    liveThings.replaceAll([engine]);
    const list = renderInMap(
      <MemoryRouter initialEntries={['/dashboard/things']}>
        <ThingsMapControls withoutAssets={NO_INCIDENTS} />
      </MemoryRouter>,
      new FakeMap(),
    );
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    list.unmount();

    renderInMap(
      <MemoryRouter initialEntries={[`/dashboard/things/${engine.id}`]}>
        <ThingsMapControls withoutAssets={NO_INCIDENTS} />
      </MemoryRouter>,
      new FakeMap(),
    );
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
  });
});
