/** The integrations screens (API keys: list and new), shown in both accounts sections. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const ApiKeysScreen = lazyScreen(() => import('./api-keys-screen'), 'ApiKeysScreen');
const NewApiKeyScreen = lazyScreen(() => import('./new-api-key-screen'), 'NewApiKeyScreen');

export const apiKeysRoutes: RouteObject[] = [
  { path: 'integrations', element: <ApiKeysScreen /> },
  { path: 'integrations/new', element: <NewApiKeyScreen /> },
];
