import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_COPY_RESET_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { fakeApi } from '../../testing/fake-api';
import { FakeMap } from '../testing/fake-map';
import { renderInMap } from '../testing/render-in-map';
import { MapContextMenu } from './context-menu';
import { addPointAction } from './point-actions';

const ADDRESS_PATH = '/map/three-word-address?lat=39.781700&lng=-89.650100';

function clipboard() {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

function rightClick(map: FakeMap, lng = -89.6501, lat = 39.7817) {
  act(() =>
    map.fire('contextmenu', {
      point: { x: 120, y: 80 },
      lngLat: { lng, lat },
      originalEvent: new MouseEvent('contextmenu'),
    }),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('right-click menu', () => {
  it('opens at the point with its coordinates and plus code, and copies each showing "Copied" for 2 s', async () => {
    fakeApi({
      [`GET ${ADDRESS_PATH}`]: () => ({
        status: 200,
        body: { address: '86FGQ8JX+MX', provider: 'plus_code' },
      }),
    });
    const writeText = clipboard();
    const map = new FakeMap();
    renderInMap(<MapContextMenu />, map);
    rightClick(map);

    const menu = screen.getByRole('menu', { name: 'Map point' });
    expect(menu.style.left).toBe('120px');
    expect(menu.style.top).toBe('80px');
    expect(screen.getByRole('menuitem', { name: /Locating\.\.\./ }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    const coordinates = screen.getByRole('menuitem', { name: /Copy coordinates/ });
    expect(coordinates.textContent).toContain('39.781700, -89.650100');
    expect(document.activeElement).toBe(coordinates);

    const plusCode = await screen.findByRole('menuitem', { name: /Copy plus code 86FGQ8JX\+MX/ });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(coordinates);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenLastCalledWith('39.781700, -89.650100');
    expect(coordinates.textContent).toContain(MESSAGES.copied);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.copied);
    act(() => {
      vi.advanceTimersByTime(MENU_COPY_RESET_MS);
    });
    expect(coordinates.textContent).not.toContain(MESSAGES.copied);

    await act(async () => {
      fireEvent.click(plusCode);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenLastCalledWith('86FGQ8JX+MX');
    expect(plusCode.textContent).toContain(MESSAGES.copied);
  });

  it('says "Unable to find location" when no three-word address can be had', async () => {
    fakeApi({ [`GET ${ADDRESS_PATH}`]: () => 'network-error' });
    const map = new FakeMap();
    renderInMap(<MapContextMenu />, map);
    rightClick(map);
    const item = await screen.findByRole('menuitem', { name: new RegExp(MESSAGES.unableToFindLocation) });
    expect(item.getAttribute('aria-disabled')).toBe('true');
  });

  it('closes on Escape, on a click elsewhere and when the map moves; moves with arrow keys', async () => {
    fakeApi({
      [`GET ${ADDRESS_PATH}`]: () => ({ status: 200, body: { address: '///a.b.c', provider: 'what3words' } }),
    });
    const map = new FakeMap();
    document.body.append(map.container); // Escape gives the focus back to the map's canvas
    renderInMap(<MapContextMenu />, map);

    rightClick(map);
    const next = await screen.findByRole('menuitem', { name: /Copy what3words address \/\/\/a\.b\.c/ });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(next);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(map.canvas);
    map.container.remove();

    rightClick(map);
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    rightClick(map);
    act(() => map.fire('movestart'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens at the map centre with the context-menu key on the focused map', () => {
    fakeApi({});
    const map = new FakeMap();
    renderInMap(<MapContextMenu />, map);
    fireEvent.keyDown(map.canvas, { key: 'F10', shiftKey: true });
    expect(screen.getByRole('menuitem', { name: /Copy coordinates/ }).textContent).toContain(
      '39.781700, -89.650100',
    );
  });

  it('lists the actions features offer on a point while they offer them; one runs at the point, closing the menu', () => {
    fakeApi({});
    const run = vi.fn();
    const remove = addPointAction({ id: 'report', label: 'Report hazard', run });
    const map = new FakeMap();
    renderInMap(<MapContextMenu />, map);
    rightClick(map, -89.6, 39.8);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report hazard' }));
    expect(run).toHaveBeenCalledWith([-89.6, 39.8]);
    expect(screen.queryByRole('menu')).toBeNull();

    act(remove);
    rightClick(map);
    expect(screen.getByRole('menuitem', { name: /Copy coordinates/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Report hazard' })).toBeNull();
  });
});
