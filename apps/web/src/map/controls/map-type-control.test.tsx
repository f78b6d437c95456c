import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { fakeApi } from '../../testing/fake-api';
import { rememberBaseLayers, SATELLITE_LAYER } from '../base-styles/map-types';
import { FakeMap } from '../testing/fake-map';
import { renderInMap } from '../testing/render-in-map';
import { MapTypeControl } from './map-type-control';

function mapWithBasemap() {
  const map = new FakeMap([
    { id: 'water', type: 'background' },
    { id: 'land', type: 'fill' },
    { id: 'borders', type: 'line' },
  ]);
  rememberBaseLayers(map.asMap());
  return map;
}

const config = (satellite: string | null) =>
  fakeApi({
    'GET /map/config': () => ({
      status: 200,
      body: { style_url: 'offline', satellite_tiles_url: satellite, three_word_provider: 'plus_code' },
    }),
  });

afterEach(() => vi.unstubAllGlobals());

describe('map type', () => {
  it('offers satellite and hybrid only with satellite tiles, and says why not otherwise', async () => {
    config(null);
    const map = mapWithBasemap();
    renderInMap(<MapTypeControl />, map);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Map type' })).toBeTruthy());
    const satellite = screen.getByRole('button', { name: 'Satellite' });
    await waitFor(() => expect(satellite.getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Hybrid' }).getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(satellite.getAttribute('aria-describedby')!)?.textContent).toBe(
      MESSAGES.satelliteUnavailable,
    );
    fireEvent.mouseEnter(satellite);
    expect((await screen.findByRole('tooltip')).textContent).toBe(MESSAGES.satelliteUnavailable);

    fireEvent.click(satellite);
    expect(map.getLayer(SATELLITE_LAYER)).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Roadmap' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches to satellite and hybrid imagery from the configured tiles, and back to the roadmap', async () => {
    config('/tiles/{z}/{x}/{y}.jpg');
    const map = mapWithBasemap();
    renderInMap(<MapTypeControl />, map);
    const satellite = screen.getByRole('button', { name: 'Satellite' });
    await waitFor(() => expect(satellite.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(satellite);
    expect(satellite.getAttribute('aria-pressed')).toBe('true');
    expect(map.getSource(SATELLITE_LAYER)).toMatchObject({
      tiles: [`${window.location.origin}/tiles/{z}/{x}/{y}.jpg`],
    });
    expect(map.visibility('borders')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Hybrid' }));
    expect(map.visibility('borders')).toBe('visible');
    expect(map.visibility('land')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Roadmap' }));
    expect(map.visibility(SATELLITE_LAYER)).toBe('none');
    expect(map.visibility('land')).toBe('visible');
  });

  it('opens with the map type chosen last time, and with the roadmap when satellite tiles are gone', async () => {
    config('/tiles/{z}/{x}/{y}.jpg');
    const first = renderInMap(<MapTypeControl />, mapWithBasemap());
    const satellite = screen.getByRole('button', { name: 'Satellite' });
    await waitFor(() => expect(satellite.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Hybrid' }));
    first.unmount();

    const map = mapWithBasemap();
    const again = renderInMap(<MapTypeControl />, map);
    const hybrid = screen.getByRole('button', { name: 'Hybrid' });
    await waitFor(() => expect(hybrid.getAttribute('aria-pressed')).toBe('true'));
    expect(map.visibility('land')).toBe('none');
    again.unmount();

    config(null);
    renderInMap(<MapTypeControl />, mapWithBasemap());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Satellite' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: 'Roadmap' }).getAttribute('aria-pressed')).toBe('true');
  });
});
