import { lazyMapLayer } from '../../../map/lazy-map-layer';

/** The hazards layer and the map's Report hazard action, loaded with the map. */
export const LazyHazardsLayer = lazyMapLayer(() => import('./hazards-layer').then((m) => m.HazardsLayer));
export const LazyReportHazardAction = lazyMapLayer(() =>
  import('../report/report-hazard-action').then((m) => m.ReportHazardAction),
);
