import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_ZOOM } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { onMapCommand, type MapCommand } from '../../../map/map-commands';
import { liveThings } from '../live/live-things-store';
import { resetPrefsCache } from '../../../lib/prefs';
import { reportLiveFeedDown } from '../../../lib/connection';
import { RESORT_HOLD_MS } from './use-resort-hold';
import { makeHeartbeat } from '@flare/core/testing/live-messages';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { backToListState } from '../navigation-state';
import { ThingsListScreen } from './things-list-screen';

const routes = [
  { path: '/dashboard/things', element: <ThingsListScreen /> },
  { path: '/dashboard/things/:thingId', element: <p>Detail</p> },
];

function renderList(path: Parameters<typeof renderRoutes>[1] = '/dashboard/things') {
  return renderRoutes(routes, path);
}

const rows = () => {
  const list = screen.queryByRole('grid', { name: 'Assets' });
  return list ? within(list).queryAllByRole('row') : [];
};

// happy-dom lays nothing out; the virtual list needs a viewport to fill.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});

afterEach(() => {
  vi.restoreAllMocks();
  liveThings.clear();
  localStorage.clear();
  resetPrefsCache();
});

describe('assets list', () => {
  it('shows how many assets are shown out of all, and the online, offline and OOS counts', () => {
    liveThings.replaceAll([
      makeThing({ status: 'active' }),
      makeThing({ status: 'offline' }),
      makeThing({ in_service: false }),
    ]);
    renderList('/dashboard/things?status=active');
    expect(screen.getByRole('heading', { name: 'Assets 1 / 3' })).toBeTruthy();
    expect(screen.getByLabelText('Online, offline and out-of-service assets').textContent).toBe(
      '1 Online | 1 Offline | 1 OOS',
    );
  });

  it('tells an empty organisation from a list the filters emptied', () => {
    liveThings.replaceAll([]);
    const view = renderList();
    expect(screen.getByText(MESSAGES.noAssetsAvailable)).toBeTruthy();
    view.unmount();
    liveThings.replaceAll([makeThing({ status: 'active' })]);
    renderList('/dashboard/things?status=offline');
    expect(screen.getByText(MESSAGES.noAssetsSelected)).toBeTruthy();
  });

  it('says why the assets did not load instead of loading forever, and loads again on Retry', () => {
    const retry = vi.fn();
    liveThings.loadFailed('Connection failed', retry);
    renderList();
    expect(screen.queryByRole('status', { name: 'Loading assets' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Connection failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading assets' })).toBeTruthy();
  });

  it('names rows by nickname with the system name below and marks out-of-service ones', () => {
    liveThings.replaceAll([
      makeThing({ nickname: 'Engine 7', haas_id: 'e7-tracker' }),
      makeThing({ nickname: 'Heavy Rescue Squad', in_service: false }),
    ]);
    renderList();
    expect(screen.getByText('Engine 7')).toBeTruthy();
    expect(screen.getByText('e7-tracker')).toBeTruthy();
    expect(screen.getByText('Heavy Rescue Squad | OOS')).toBeTruthy();
    expect(screen.getByText('Out-of-service')).toBeTruthy();
  });

  it('has rows 65 high, 90 for an out-of-service asset (its extra line)', () => {
    liveThings.replaceAll([
      makeThing({ nickname: 'Engine 7' }),
      makeThing({ nickname: 'Heavy Rescue Squad', in_service: false }),
    ]);
    renderList();
    const heightOf = (name: string) => rows().find((row) => row.textContent?.includes(name))?.style.height;
    expect(heightOf('Engine 7')).toBe('65px');
    expect(heightOf('Heavy Rescue Squad')).toBe('90px');
  });

  it('moves rows as live messages arrive', () => {
    const thing = makeThing({ nickname: 'Tow 3', status: 'offline' });
    liveThings.replaceAll([thing]);
    renderList('/dashboard/things?status=active');
    expect(rows()).toHaveLength(0);
    act(() =>
      liveThings.apply([
        makeHeartbeat(thing.id, {
          heartbeat_datetime: new Date().toISOString(),
          run_started_at: new Date().toISOString(),
        }),
      ]),
    );
    expect(rows()).toHaveLength(1);
  });

  it('holds the order while the pointer is over the list, re-sorting once it has left', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const [alpha, bravo] = [
      makeThing({ nickname: 'Alpha', status: 'standby' }),
      makeThing({ nickname: 'Bravo', status: 'standby' }),
    ];
    liveThings.replaceAll([alpha, bravo]);
    renderList();
    const names = () => rows().map((row) => row.querySelector('[data-thing-id] button')?.textContent);
    expect(names()[0]).toMatch(/^Alpha/);
    const around = screen.getByRole('grid', { name: 'Assets' }).parentElement!;
    fireEvent.pointerEnter(around);
    // Bravo turns responding: it sorts first, but not under the pointer.
    act(() => liveThings.apply([makeHeartbeat(bravo.id, { status: 'active' })]));
    expect(names()[0]).toMatch(/^Alpha/);
    fireEvent.pointerLeave(around);
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS);
    });
    expect(names()[0]).toMatch(/^Bravo/);
    vi.useRealTimers();
  });

  it('says since when its counts are while the connection is down', () => {
    liveThings.replaceAll([makeThing({ status: 'active' })]);
    renderList();
    expect(screen.queryByText(/^as of/)).toBeNull();
    act(() => reportLiveFeedDown(true));
    expect(screen.getByText(/^as of/).textContent).toMatch(/^as of \d{1,2}:\d\d [AP]M$/);
    act(() => reportLiveFeedDown(false));
    expect(screen.queryByText(/^as of/)).toBeNull();
  });

  it('selects an asset by its row, keeping the filters in the URL', async () => {
    const thing = makeThing({ nickname: 'Medic 4', lng: -89.6, lat: 39.8 });
    liveThings.replaceAll([thing]);
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    const { router } = renderList('/dashboard/things?q=medic');
    fireEvent.click(screen.getByRole('button', { name: /^Medic 4/ }));
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
    expect(router.state.location.search).toBe('?q=medic');
    // The row centres the map but leaves the panel open (on a phone it covers the map).
    expect(commands.map((command) => command.kind)).toEqual(['centre']);
    stop();
  });

  it('the map finder uncovers the map on a phone and centres it on the asset', () => {
    const thing = makeThing({ nickname: 'Medic 5', lng: -89.6, lat: 39.8 });
    liveThings.replaceAll([thing, makeThing({ nickname: 'Medic 6', lng: null, lat: null })]);
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Find Medic 5 on the map' }));
    expect(commands).toEqual([
      { kind: 'reveal' },
      { kind: 'centre', position: [-89.6, 39.8], zoom: MAP_ZOOM.locationCentreMin },
    ]);
    // Without a position there is nothing to find.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Find Medic 6 on the map' }).disabled).toBe(
      true,
    );
    stop();
  });

  it('enables Apply only when the filters changed, and Clear All returns to the defaults', () => {
    liveThings.replaceAll([makeThing()]);
    const { router } = renderList('/dashboard/things?status=active');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    expect(apply.hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pending' }));
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    fireEvent.click(apply);
    expect(router.state.location.search).toBe('');
  });

  it('hides assets that report through an integration when Feed is unticked', () => {
    liveThings.replaceAll([
      makeThing({ nickname: 'Engine 1' }),
      makeThing({ nickname: 'Plow 2', device_type: 'api' }),
      makeThing({
        nickname: 'Truck 3',
        external_identifiers: [{ identifier_id: 'g-1', system_name: 'geotab', is_deleted: false }],
      }),
    ]);
    const { router } = renderList();
    expect(rows()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Feed (reports through an integration)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(rows()).toHaveLength(1);
    expect(router.state.location.search).toBe('?feed=0');
  });

  it('stores whether offline assets are shown by default', () => {
    liveThings.replaceAll([makeThing({ status: 'offline' })]);
    const view = renderList();
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offline' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(rows()).toHaveLength(0);
    view.unmount();
    renderList();
    expect(rows()).toHaveLength(0);
  });
});

describe('assets list by keyboard', () => {
  const fleet = () =>
    Array.from({ length: 30 }, (_, n) =>
      makeThing({
        nickname: `Unit ${String(n + 1).padStart(2, '0')}`,
        status: 'active',
        lng: -89.6,
        lat: 39.8,
      }),
    );
  /** The controls in the tab order (tabindex 0) inside the list. */
  const tabStops = () =>
    screen.getByRole('grid', { name: 'Assets' }).querySelectorAll<HTMLElement>('[tabindex="0"]');
  const focusedName = () => document.activeElement?.getAttribute('title');
  const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

  it('is one tab stop, which the arrows, Page keys, Home and End move, focus following', () => {
    liveThings.replaceAll(fleet());
    renderList();
    expect(tabStops()).toHaveLength(1);
    expect(tabStops()[0]!.getAttribute('title')).toBe('Unit 01');
    act(() => tabStops()[0]!.focus());
    press('ArrowDown');
    expect(focusedName()).toBe('Unit 02');
    press('ArrowUp');
    press('ArrowUp');
    expect(focusedName()).toBe('Unit 01');
    // 800 px of 65 px rows: twelve to a page.
    press('PageDown');
    expect(focusedName()).toBe('Unit 13');
    press('End');
    expect(focusedName()).toBe('Unit 30');
    expect(document.activeElement?.closest('[role="row"]')?.getAttribute('aria-rowindex')).toBe('30');
    press('PageUp');
    expect(focusedName()).toBe('Unit 18');
    press('Home');
    expect(focusedName()).toBe('Unit 01');
    expect(tabStops()).toHaveLength(1);
  });

  it("moves to the row's map finder and back with Right and Left, keeping the column down the list", () => {
    liveThings.replaceAll(fleet());
    renderList();
    act(() => tabStops()[0]!.focus());
    press('ArrowRight');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Find Unit 01 on the map');
    press('ArrowDown');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Find Unit 02 on the map');
    press('ArrowLeft');
    expect(focusedName()).toBe('Unit 02');
    expect(tabStops()).toHaveLength(1);
  });

  it('keeps the tab stop on the row clicked or tabbed to', () => {
    liveThings.replaceAll(fleet());
    renderList();
    act(() => screen.getByRole('button', { name: /^Unit 05/ }).focus());
    expect(tabStops()[0]!.getAttribute('title')).toBe('Unit 05');
  });

  it('back from an asset, focuses its row', () => {
    const things = fleet();
    liveThings.replaceAll(things);
    renderList({ pathname: '/dashboard/things', state: backToListState(things[24]!.id) });
    expect(focusedName()).toBe('Unit 25');
    expect(tabStops()).toHaveLength(1);
  });

  it('back from an asset no longer listed, focuses the first row', () => {
    liveThings.replaceAll(fleet());
    renderList({ pathname: '/dashboard/things', state: backToListState('gone') });
    expect(focusedName()).toBe('Unit 01');
  });
});
