/**
 * The Closures section's routes: the list and a closure's detail, and add and edit (mounted by the app
 * behind its closure permission guard: the route is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import { liveFeature, type FeatureManifest } from '../../lib/feature-manifest';
import { closuresLiveHandler } from './live/closures-live-handler';
import { LazyClosureDrawLayer, LazyClosuresLayer } from './map/lazy-closure-layers';

const ClosuresListScreen = lazyScreen(() => import('./list/closures-list-screen'), 'ClosuresListScreen');
const ClosureDetailScreen = lazyScreen(() => import('./detail/closure-detail-screen'), 'ClosureDetailScreen');
const NewClosureScreen = lazyScreen(() => import('./form/closure-form-screen'), 'NewClosureScreen');
const EditClosureScreen = lazyScreen(() => import('./form/closure-form-screen'), 'EditClosureScreen');

export const closuresFeature: FeatureManifest = {
  section: {
    id: 'closures',
    path: 'closures',
    routes: [
      { index: true, element: <ClosuresListScreen /> },
      { path: ':closureId', element: <ClosureDetailScreen /> },
    ],
    // Add and edit are checked by the form itself: phones use the mobile permissions.
    guarded: [
      { path: 'new', children: [{ index: true, element: <NewClosureScreen /> }] },
      { path: ':closureId/edit', children: [{ index: true, element: <EditClosureScreen /> }] },
    ],
  },
  live: liveFeature(closuresLiveHandler),
  map: { layers: [LazyClosuresLayer], drawing: [LazyClosureDrawLayer] },
};
