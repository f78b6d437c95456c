/** Renders routes in memory with the app's providers (a fresh query cache per test). */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type MemoryRouterOpts,
  type RouteObject,
} from 'react-router';
import { theme } from '../config/theme';
import { createQueryClient } from '../lib/query-client';

/**
 * `path` may carry a location state, as a navigation leaves it; `client`: a query cache of the test's;
 * `options`: the router's own (the app's routes patch the dashboard's in: app/router.tsx).
 */
export function renderRoutes(
  routes: RouteObject[],
  path: InitialEntry,
  client = createQueryClient(),
  options: Pick<MemoryRouterOpts, 'patchRoutesOnNavigation'> = {},
) {
  const router = createMemoryRouter(routes, { ...options, initialEntries: [path] });
  const view = render(
    // env="test": no transitions or portals, so opened menus and dialogs are there at once.
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}

/** Phone or desktop width (happy-dom evaluates media queries against it). */
export function setViewportWidth(width: number): void {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }
  ).happyDOM.setViewport({
    width,
  });
}
