/**
 * The Zones section's routes: the list (a zone's path selects it), and add and edit (for the app to
 * mount behind its desktop-only guard: the line is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { FeatureManifest } from '../../lib/feature-manifest';
import { LazyZoneDrawLayer, LazyZonesLayer } from './map/lazy-zone-layers';

const ZonesListScreen = lazyScreen(() => import('./list/zones-list-screen'), 'ZonesListScreen');
const NewZoneScreen = lazyScreen(() => import('./form/zone-form-screen'), 'NewZoneScreen');
const EditZoneScreen = lazyScreen(() => import('./form/zone-form-screen'), 'EditZoneScreen');

export const zonesFeature: FeatureManifest = {
  section: {
    id: 'zones',
    path: 'zones',
    routes: [
      { index: true, element: <ZonesListScreen /> },
      { path: ':zoneId', element: <ZonesListScreen /> },
    ],
    guarded: [
      {
        path: 'new',
        access: 'manageZones',
        desktopOnly: true,
        children: [{ index: true, element: <NewZoneScreen /> }],
      },
      {
        path: ':zoneId/edit',
        access: 'manageZones',
        desktopOnly: true,
        children: [{ index: true, element: <EditZoneScreen /> }],
      },
    ],
  },
  map: { layers: [LazyZonesLayer], drawing: [LazyZoneDrawLayer] },
};
