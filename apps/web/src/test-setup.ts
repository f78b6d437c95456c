// Vitest set-up of the web project (happy-dom). happy-dom evaluates media queries; older DOMs have
// no matchMedia at all, and Mantine asks it for the colour scheme and breakpoints.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetPrefsCache } from './lib/prefs';

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetPrefsCache();
});
