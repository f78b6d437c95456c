/** The Hazards section's routes: the hazard report and one hazard. The screens load on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const HazardsScreen = lazyScreen(() => import('./list/hazards-screen'), 'HazardsScreen');
const HazardDetailScreen = lazyScreen(() => import('./detail/hazard-detail-screen'), 'HazardDetailScreen');

export const hazardsRoutes: RouteObject[] = [
  { index: true, element: <HazardsScreen /> },
  { path: ':hazardId', element: <HazardDetailScreen /> },
];
