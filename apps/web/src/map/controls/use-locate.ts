/**
 * Find-my-location: idle, requesting, success (a position) or error (a message
 * to show until closed). Pressing again with a position clears it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GEOLOCATION_OPTIONS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import type { LngLat } from '../map-commands';

export type LocateState =
  | { status: 'idle' }
  | { status: 'requesting' }
  | { status: 'success'; position: LngLat }
  | { status: 'error'; message: string };

type Outcome = Extract<LocateState, { status: 'success' | 'error' }>;

const PERMISSION_DENIED = 1;

export function geolocationErrorMessage(error: Pick<GeolocationPositionError, 'code'>): string {
  return error.code === PERMISSION_DENIED ? MESSAGES.geolocationDenied : MESSAGES.geolocationFailed;
}

/** One position from the browser, with the spec's timeout, maximum age and high accuracy. */
export function requestPosition(geolocation: Geolocation | undefined): Promise<Outcome> {
  if (!geolocation) return Promise.resolve({ status: 'error', message: MESSAGES.geolocationUnsupported });
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => resolve({ status: 'success', position: [coords.longitude, coords.latitude] }),
        (error) => resolve({ status: 'error', message: geolocationErrorMessage(error) }),
        GEOLOCATION_OPTIONS,
      );
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      resolve({ status: 'error', message: `${MESSAGES.geolocationUnsupported}: ${detail}` });
    }
  });
}

const browserGeolocation = (): Geolocation | undefined =>
  'geolocation' in navigator ? navigator.geolocation : undefined;

export function useLocate() {
  const [state, setState] = useState<LocateState>({ status: 'idle' });
  // Answers to a request that was superseded (or outlived the control) are dropped.
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const toggle = useCallback(() => {
    if (state.status === 'requesting') return;
    if (state.status === 'success') {
      setState({ status: 'idle' });
      return;
    }
    const request = ++latest.current;
    setState({ status: 'requesting' });
    void requestPosition(browserGeolocation()).then((outcome) => {
      if (latest.current === request) setState(outcome);
    });
  }, [state.status]);

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  return { state, toggle, dismiss };
}
