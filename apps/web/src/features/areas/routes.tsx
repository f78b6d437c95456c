/**
 * The Areas section's routes: list and detail, and add and edit (for the app to mount behind its
 * desktop-only guard: the shape is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { FeatureManifest } from '../../lib/feature-manifest';
import { LazyAreaDrawLayer } from './map/lazy-area-draw-layer';

const AreasListScreen = lazyScreen(() => import('./list/areas-list-screen'), 'AreasListScreen');
const AreaDetailScreen = lazyScreen(() => import('./detail/area-detail-screen'), 'AreaDetailScreen');
const NewAreaScreen = lazyScreen(() => import('./forms/area-form-screen'), 'NewAreaScreen');
const EditAreaScreen = lazyScreen(() => import('./forms/area-form-screen'), 'EditAreaScreen');

/** Its icons and shapes on the map count the assets at each area, which the app brings (app/features.ts). */
export const areasFeature: FeatureManifest = {
  section: {
    id: 'areas',
    path: 'areas',
    routes: [
      { index: true, element: <AreasListScreen /> },
      { path: ':areaId', element: <AreaDetailScreen /> },
    ],
    guarded: [
      {
        path: 'new',
        access: 'viewAreas',
        desktopOnly: true,
        children: [{ index: true, element: <NewAreaScreen /> }],
      },
      {
        path: ':areaId/edit',
        access: 'viewAreas',
        desktopOnly: true,
        children: [{ index: true, element: <EditAreaScreen /> }],
      },
    ],
  },
  map: { drawing: [LazyAreaDrawLayer] },
};
