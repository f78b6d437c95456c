// Vitest set-up of the web project (happy-dom). happy-dom evaluates media queries; older DOMs have
// no matchMedia at all, and Mantine asks it for the colour scheme and breakpoints.
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { reportApiReachable, reportLiveFeedDown } from './lib/connection';
import { resetPrefsCache } from './lib/prefs';
import { fakeNetwork, listenToFakeNetwork } from './testing/fake-api';

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

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Screens load lazily: on a loaded two-core machine (the browser tests run beside these) a first
// render can take longer than findBy's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

// The API's answers come through the fake network (testing/fake-api.ts).
beforeAll(listenToFakeNetwork);

// Files share modules (isolate: false): what one leaves in module state, the next would start from.
afterEach(() => {
  cleanup();
  fakeNetwork.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  // The session follows storage cleared elsewhere (as when another tab signs out): no session is left
  // signed in for the next file (times would show on its organisation's clock).
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  resetPrefsCache();
  // A test that left the API unreachable or the live feed down would stop the live clock of the next.
  reportApiReachable(true);
  reportLiveFeedDown(false);
});
