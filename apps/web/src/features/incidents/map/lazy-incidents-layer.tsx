/** The incidents layer as the shell mounts it inside the map view, loaded with the map. */
import { lazyMapLayer } from '../../../map/lazy-map-layer';

export const LazyIncidentsLayer = lazyMapLayer(() =>
  import('./incidents-layer').then((m) => m.IncidentsLayer),
);
