import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_OPTIONS, MAP_ZOOM } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { FakeMap } from '../testing/fake-map';
import { renderInMap } from '../testing/render-in-map';
import { LocateControl } from './locate-control';
import { MY_LOCATION_SOURCE } from './my-location-layer';
import { requestPosition } from './use-locate';

type Success = PositionCallback;
type Failure = PositionErrorCallback;

/** navigator.geolocation whose answer the test gives when it likes. */
function fakeGeolocation() {
  const pending: Array<{ success: Success; failure: Failure; options?: PositionOptions }> = [];
  const getCurrentPosition = vi.fn((success: Success, failure: Failure, options?: PositionOptions) => {
    pending.push({ success, failure, options });
  });
  const geolocation = { getCurrentPosition } as unknown as Geolocation;
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    getCurrentPosition,
    pending,
    succeed: (lat: number, lng: number) =>
      act(() => {
        pending.shift()!.success({ coords: { latitude: lat, longitude: lng } } as GeolocationPosition);
      }),
    fail: (code: number) =>
      act(() => {
        pending.shift()!.failure({ code, message: 'browser says no' } as GeolocationPositionError);
      }),
  };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const button = (name: string) => screen.getByRole('button', { name });

describe('find my location', () => {
  it('asks the browser with the spec options, centres at zoom 17 with a marker, and clears on a second press', async () => {
    const browser = fakeGeolocation();
    const map = new FakeMap();
    renderInMap(<LocateControl />, map);

    fireEvent.click(button('Find my location'));
    expect(browser.pending[0]!.options).toEqual(GEOLOCATION_OPTIONS);
    expect(button('Find my location').getAttribute('aria-busy')).toBe('true');

    browser.succeed(39.8, -89.64);
    await waitFor(() =>
      expect(map.easeTo).toHaveBeenCalledWith({ center: [-89.64, 39.8], zoom: MAP_ZOOM.myLocation }),
    );
    expect(map.getSource(MY_LOCATION_SOURCE)).toMatchObject({
      data: { geometry: { type: 'Point', coordinates: [-89.64, 39.8] } },
    });
    expect(map.layers.map((layer) => layer.id)).toEqual(['flare-my-location-halo', 'flare-my-location']);

    fireEvent.click(button('Clear my location'));
    expect(map.getSource(MY_LOCATION_SOURCE)).toBeUndefined();
    expect(map.layers).toEqual([]);
    expect(button('Find my location')).toBeTruthy();
    expect(browser.getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  it('tells the user to enable location services when permission is denied, until closed', async () => {
    const browser = fakeGeolocation();
    renderInMap(<LocateControl />, new FakeMap());
    fireEvent.click(button('Find my location'));
    browser.fail(1);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.geolocationDenied);
    fireEvent.click(within(alert).getByRole('button', { name: 'Close location message' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([2, 3])('says it could not retrieve the location on any other error (code %i)', async (code) => {
    const browser = fakeGeolocation();
    renderInMap(<LocateControl />, new FakeMap());
    fireEvent.click(button('Find my location'));
    browser.fail(code);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.geolocationFailed);
  });

  it('says the browser does not support geolocation when it has none', async () => {
    renderInMap(<LocateControl />, new FakeMap());
    fireEvent.click(button('Find my location'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.geolocationUnsupported);
  });
});

describe('requestPosition', () => {
  it("adds the browser's error when asking throws", async () => {
    const geolocation = {
      getCurrentPosition: () => {
        throw new Error('Geolocation is disabled by policy');
      },
    } as unknown as Geolocation;
    expect(await requestPosition(geolocation)).toEqual({
      status: 'error',
      message: `${MESSAGES.geolocationUnsupported}: Geolocation is disabled by policy`,
    });
  });
});
