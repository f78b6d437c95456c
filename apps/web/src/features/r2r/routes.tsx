/** The R2R section's routes. The screen loads on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { FeatureManifest } from '../../lib/feature-manifest';
import { LazyR2rLayer } from './map/lazy-r2r-layer';

const R2rScreen = lazyScreen(() => import('./r2r-screen'), 'R2rScreen');

export const r2rFeature: FeatureManifest = {
  section: { id: 'r2r', path: 'r2r', routes: [{ index: true, element: <R2rScreen /> }] },
  map: { layers: [LazyR2rLayer] },
};
