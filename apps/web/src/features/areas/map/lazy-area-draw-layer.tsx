/** The area drawing layer as the shell mounts it inside the map view, loaded with the map. */
import { lazyMapLayer } from '../../../map/lazy-map-layer';

export const LazyAreaDrawLayer = lazyMapLayer(() => import('./area-draw-layer').then((m) => m.AreaDrawLayer));
