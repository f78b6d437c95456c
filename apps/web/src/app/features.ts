/**
 * Every feature the app registers, one line each (shared code cannot import features). Their order is
 * the shell map's drawing order within each plane (layers, markers, drawing tools).
 */
import { areasFeature } from '../features/areas/routes';
import { closuresFeature } from '../features/closures/routes';
import { incidentsFeature } from '../features/incidents/routes';
import { exportsFeature } from '../features/exports/routes';
import { hazardsFeature } from '../features/hazards/routes';
import { r2rFeature } from '../features/r2r/routes';
import { thingsFeature } from '../features/things/routes';
import { tripsFeature } from '../features/trips/routes';
import { zonesFeature } from '../features/zones/routes';
import type { FeatureManifest } from '../lib/feature-manifest';
import { AreaMapLayers } from './shell/area-map-layers';

export const FEATURES: FeatureManifest[] = [
  thingsFeature,
  tripsFeature,
  r2rFeature,
  // The areas' icons count the assets parked at each: the app joins the two features there.
  { ...areasFeature, map: { ...areasFeature.map, layers: [AreaMapLayers] } },
  zonesFeature,
  closuresFeature,
  incidentsFeature,
  hazardsFeature,
  exportsFeature,
];
