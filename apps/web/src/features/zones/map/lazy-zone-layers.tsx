import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The zones' lines and the zone drawing, loaded with the map. */
export const LazyZonesLayer = lazyMapLayer(() => import('./zones-layer').then((m) => m.ZonesLayer));
export const LazyZoneDrawLayer = lazyMapLayer(() => import('./zone-draw-layer').then((m) => m.ZoneDrawLayer));
