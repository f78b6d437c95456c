/** The Hazards section's routes: the hazard report and one hazard. The screens load on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { FeatureManifest } from '../../lib/feature-manifest';
import { LazyHazardsLayer, LazyReportHazardAction } from './map/lazy-hazards-layer';

const HazardsScreen = lazyScreen(() => import('./list/hazards-screen'), 'HazardsScreen');
const HazardDetailScreen = lazyScreen(() => import('./detail/hazard-detail-screen'), 'HazardDetailScreen');

export const hazardsFeature: FeatureManifest = {
  section: {
    id: 'hazards',
    path: 'hazards',
    routes: [
      { index: true, element: <HazardsScreen /> },
      { path: ':hazardId', element: <HazardDetailScreen /> },
    ],
  },
  map: { markers: [LazyHazardsLayer, LazyReportHazardAction] },
};
