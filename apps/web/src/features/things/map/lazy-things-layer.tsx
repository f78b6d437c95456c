/** The things layer as the shell mounts it inside the map view, loaded with the map. */
import { lazyMapLayer } from '../../../map/lazy-map-layer';

export const LazyThingsLayer = lazyMapLayer(() => import('./things-layer').then((m) => m.ThingsLayer));
