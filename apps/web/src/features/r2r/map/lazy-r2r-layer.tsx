import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The R2R layer, loaded with the map. */
export const LazyR2rLayer = lazyMapLayer(() => import('./r2r-layer').then((m) => m.R2rLayer));
