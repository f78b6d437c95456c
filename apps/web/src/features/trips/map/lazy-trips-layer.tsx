import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The trips layer, loaded with the map. */
export const LazyTripsLayer = lazyMapLayer(() => import('./trips-layer').then((m) => m.TripsLayer));
