import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { onMapCommand, type MapCommand } from '../map-commands';
import { FakeMap } from '../testing/fake-map';
import { renderInMap } from '../testing/render-in-map';
import { MapControls } from './map-controls';

afterEach(() => vi.unstubAllGlobals());

function renderControls(map: FakeMap, positions: Array<[number, number]> = []) {
  fakeApi({});
  return renderInMap(
    <MapControls showAll={{ enabled: positions.length > 0, positions: () => positions }} />,
    map,
  );
}

describe('map tools', () => {
  it('groups the tools under accessible names', () => {
    renderControls(new FakeMap(), []);
    const tools = screen.getByRole('group', { name: 'Map tools' });
    for (const name of [
      'Roadmap',
      'Satellite',
      'Hybrid',
      'Show all',
      'Find my location',
      'Zoom in',
      'Zoom out',
    ]) {
      expect(within(tools).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('zooms in and out, and disables a button at the limit', () => {
    const map = new FakeMap();
    renderControls(map, []);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(map.zoomIn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(map.zoomOut).toHaveBeenCalledTimes(1);
    act(() => map.setZoom(22));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Zoom in' }).disabled).toBe(true);
  });

  it('show all fits the given positions, and is disabled with none', () => {
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    const positions: Array<[number, number]> = [
      [-89.6, 39.7],
      [-89.5, 39.8],
    ];
    const view = renderControls(new FakeMap(), positions);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(commands).toEqual([{ kind: 'fit', positions, padding: 50, maxZoom: 17 }]);
    view.unmount();

    renderControls(new FakeMap(), []);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Show all' }).disabled).toBe(true);
    stop();
  });
});
