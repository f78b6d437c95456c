/** The Trips section's routes. The screen loads on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { FeatureManifest } from '../../lib/feature-manifest';
import { LazyTripsLayer } from './map/lazy-trips-layer';

const TripsScreen = lazyScreen(() => import('./trips-screen'), 'TripsScreen');

export const tripsFeature: FeatureManifest = {
  section: { id: 'trips', path: 'trips', routes: [{ index: true, element: <TripsScreen /> }] },
  map: { layers: [LazyTripsLayer] },
};
