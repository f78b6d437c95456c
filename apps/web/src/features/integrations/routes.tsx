/** The integrations screens (API keys: list and new), shown in both accounts sections. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ApiKeysScreen = lazy(() => import('./api-keys-screen').then((m) => ({ default: m.ApiKeysScreen })));
const NewApiKeyScreen = lazy(() =>
  import('./new-api-key-screen').then((m) => ({ default: m.NewApiKeyScreen })),
);

export const integrationsRoutes: RouteObject[] = [
  { path: 'integrations', element: <ApiKeysScreen /> },
  { path: 'integrations/new', element: <NewApiKeyScreen /> },
];
