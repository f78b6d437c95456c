import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The areas' icons and the selected area's shape, loaded with the map. */
export const LazyAreaIconsLayer = lazyMapLayer(() =>
  import('./area-icons-layer').then((m) => m.AreaIconsLayer),
);
export const LazyAreaShapeLayer = lazyMapLayer(() =>
  import('./area-shape-layer').then((m) => m.AreaShapeLayer),
);
