import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The closures' routes and the closure drawing, loaded with the map. */
export const LazyClosuresLayer = lazyMapLayer(() => import('./closures-layer').then((m) => m.ClosuresLayer));
export const LazyClosureDrawLayer = lazyMapLayer(() =>
  import('./closure-draw-layer').then((m) => m.ClosureDrawLayer),
);
