/** The Hazards section's routes: the hazard report and one hazard. The screens load on first visit. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const HazardsScreen = lazy(() => import('./list/hazards-screen').then((m) => ({ default: m.HazardsScreen })));
const HazardDetailScreen = lazy(() =>
  import('./detail/hazard-detail-screen').then((m) => ({ default: m.HazardDetailScreen })),
);

export const hazardsRoutes: RouteObject[] = [
  { index: true, element: <HazardsScreen /> },
  { path: ':hazardId', element: <HazardDetailScreen /> },
];
