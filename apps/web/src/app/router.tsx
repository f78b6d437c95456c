/**
 * The route tree: welcome pages, the driver view and the dashboard. The dashboard's own routes (the
 * shell and its sections, most of the app's code) load on the first visit to a signed-in path, so the
 * sign-in page loads only what it shows.
 */
import { createBrowserRouter, Navigate, type DOMRouterOpts, type RouteObject } from 'react-router';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { driveRoute } from '../features/drive/routes';
import { PanelLoading } from '../components/ui/loading-indicator';
import { lazyScreen, loadChunk } from '../lib/lazy-screen';
import { RequireSignedOut, RootRedirect } from './guards';
import { ErrorPage, NotFoundPage } from './message-page';
import { AppFrame } from './app-frame';
import { DASHBOARD_ROUTE_ID } from './dashboard-route-id';

const ForgotPasswordScreen = lazyScreen(
  () => import('../features/auth/forgot-password-screen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/auth/reset-password-screen'),
  'ResetPasswordScreen',
);

/** The route the dashboard's route is patched in under. */
const APP_ROUTE_ID = 'app';

export const routes = appRoutes();

/** The app's routes; `dashboard` as the router patches it in (tests render the whole tree at once). */
export function appRoutes(...dashboard: RouteObject[]): RouteObject[] {
  return [
    {
      id: APP_ROUTE_ID,
      element: <AppFrame />,
      errorElement: <ErrorPage />,
      // Shown while a first page under /dashboard waits for the dashboard's code (routerOptions).
      hydrateFallbackElement: <PanelLoading label="Loading" />,
      children: [
        { index: true, element: <RootRedirect /> },
        {
          path: 'welcome',
          children: [
            { index: true, element: <Navigate to="signin" replace /> },
            {
              element: <RequireSignedOut />,
              children: [
                { path: 'signin', element: <SignInScreen /> },
                { path: 'unlock/:email/:unlockToken', element: <SignInScreen /> },
              ],
            },
            { path: 'forgot', element: <ForgotPasswordScreen /> },
            { path: 'reset/:email/:resetToken', element: <ResetPasswordScreen /> },
          ],
        },
        driveRoute,
        ...dashboard,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * The router's options: a path under /dashboard, before the dashboard's route is there, loads it first
 * (a failed load is a ChunkLoadError, which the error page answers with a reload).
 */
export const routerOptions: Pick<DOMRouterOpts, 'patchRoutesOnNavigation'> = {
  async patchRoutesOnNavigation({ path, matches, patch }) {
    if (!/^\/dashboard(\/|$)/.test(path) || matches.some(({ route }) => route.id === DASHBOARD_ROUTE_ID))
      return;
    const { dashboardRoute } = await loadChunk(() => import('./dashboard-routes'));
    patch(APP_ROUTE_ID, [dashboardRoute]);
  },
};

export const router = createBrowserRouter(routes, routerOptions);
