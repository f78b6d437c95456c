import { act } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPref } from '../../../lib/prefs';
import { liveThings } from '../live/live-things-store';
import { FakeMap } from '../../../map/testing/fake-map';
import { renderInMap } from '../../../map/testing/render-in-map';
import { makeThing } from '@flare/core/testing/things';
import {
  DENSITY_LAYER,
  DENSITY_SOURCE,
  THINGS_LAYER_ID,
  type ThingsLayerTestHook,
} from './things-layer-controller';
import { ThingsLayer } from './things-layer';

type TestWindow = Window & { __FLARE_TEST__?: object; __flareThingsLayer?: ThingsLayerTestHook };
const hook = () => (window as TestWindow).__flareThingsLayer!;
const names = () =>
  hook()
    .items()
    .map((item) => item.name);

function renderLayer(map: FakeMap, url = '/dashboard/things') {
  return renderInMap(
    <MemoryRouter initialEntries={[url]}>
      <ThingsLayer />
    </MemoryRouter>,
    map,
  );
}

beforeEach(() => {
  (window as TestWindow).__FLARE_TEST__ = {};
});
afterEach(() => {
  delete (window as TestWindow).__FLARE_TEST__;
  liveThings.clear();
});

describe('ThingsLayer', () => {
  it('adds its map layer, draws the assets the list filters leave, and follows the live store', () => {
    const responding = makeThing({ nickname: 'Responding', status: 'active' });
    const quiet = makeThing({ nickname: 'Quiet', status: 'offline' });
    const nowhere = makeThing({ nickname: 'Nowhere', status: 'active', lat: null, lng: null });
    liveThings.replaceAll([responding, quiet, nowhere]);
    const map = new FakeMap();
    const view = renderLayer(map, '/dashboard/things?status=active');

    expect(map.getLayer(THINGS_LAYER_ID)).toMatchObject({ type: 'custom' });
    expect(names()).toEqual(['Responding']);
    act(() => liveThings.upsert([{ ...quiet, status: 'active' }]));
    expect(names()).toEqual(['Responding', 'Quiet']);

    view.unmount();
    expect(map.getLayer(THINGS_LAYER_ID)).toBeUndefined();
    expect(map.listenerCount('mousemove')).toBe(0);
    expect((window as TestWindow).__flareThingsLayer).toBeUndefined();
  });

  it('stacks on-scene and responding assets above standing-by and offline ones', () => {
    liveThings.replaceAll([
      makeThing({ nickname: 'On scene', status: 'active_location' }),
      makeThing({ nickname: 'Offline', status: 'offline' }),
      makeThing({ nickname: 'Responding', status: 'active' }),
      makeThing({ nickname: 'Standby', status: 'standby' }),
    ]);
    renderLayer(new FakeMap());
    expect(names()).toEqual(['Offline', 'Standby', 'Responding', 'On scene']);
  });

  it('adds the density heatmap while Density View is on', () => {
    liveThings.replaceAll([makeThing(), makeThing({ lat: null, lng: null })]);
    const map = new FakeMap();
    const pushed: Array<{ features: unknown[] }> = [];
    map.getSource = (id: string) =>
      map.sources.has(id) ? { setData: (data: { features: unknown[] }) => pushed.push(data) } : undefined;
    renderLayer(map);
    expect(map.getLayer(DENSITY_LAYER)).toBeUndefined();
    act(() => setPref('densityView', true));
    expect(map.getLayer(DENSITY_LAYER)).toMatchObject({ type: 'heatmap', source: DENSITY_SOURCE });
    expect(pushed.at(-1)?.features).toHaveLength(1);
    act(() => setPref('densityView', false));
    expect(map.getLayer(DENSITY_LAYER)).toBeUndefined();
    expect(map.getSource(DENSITY_SOURCE)).toBeUndefined();
  });
});
