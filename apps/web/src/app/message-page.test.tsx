import { act, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { renderRoutes } from '../testing/render';
import { lazyScreen } from '../lib/lazy-screen';
import { ErrorPage } from './message-page';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('a screen that fails to render');
}

describe('the error page', () => {
  it('says "Sorry, there was an incident." when a screen fails, and offers a reload', async () => {
    // The page reports the error to the console, for whoever investigates.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      [{ path: '/dashboard/areas', element: <Broken />, errorElement: <ErrorPage /> }],
      '/dashboard/areas',
    );
    expect(await screen.findByText(MESSAGES.incident)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});

describe('a screen whose code does not load', () => {
  const renderLazy = (load: () => Promise<{ Screen: () => ReactNode }>) => {
    const Screen = lazyScreen(load, 'Screen');
    renderRoutes(
      [
        {
          path: '/dashboard/areas',
          element: (
            <Suspense fallback={<p>Loading</p>}>
              <Screen />
            </Suspense>
          ),
          errorElement: <ErrorPage />,
        },
      ],
      '/dashboard/areas',
    );
  };

  it('is a ChunkLoadError after 120 s, and the error page offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderLazy(() => new Promise(() => undefined));
      await act(() => vi.advanceTimersByTimeAsync(119_999));
      expect(screen.getByText('Loading')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText(MESSAGES.chunkLoadFailed)).toBeTruthy();
    expect(screen.getByText(MESSAGES.incident)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });

  it('is a ChunkLoadError when the request fails (an update removed the old files)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText(MESSAGES.chunkLoadFailed)).toBeTruthy();
  });

  it('shows once loaded', async () => {
    renderLazy(() => Promise.resolve({ Screen: () => <p>Areas</p> }));
    expect(await screen.findByText('Areas')).toBeTruthy();
  });
});
