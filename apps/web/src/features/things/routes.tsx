/**
 * The Live section's routes (list, detail, edit profile and access, new asset) and the accounts'
 * Assets tab. Screens load on first visit, so the sign-in page does not carry them.
 */
import { Navigate, useParams, type RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';
import { liveThingPath } from './thing-path';
import { liveFeature, type FeatureManifest } from '../../lib/feature-manifest';
import { thingsLiveHandler } from './live/things-live-handler';
import { LazyThingsLayer } from './map/lazy-things-layer';

const ThingsListScreen = lazyScreen(() => import('./list/things-list-screen'), 'ThingsListScreen');
const ThingDetailScreen = lazyScreen(() => import('./detail/thing-detail-screen'), 'ThingDetailScreen');
const EditThingProfileScreen = lazyScreen(
  () => import('./forms/edit-thing-profile-screen'),
  'EditThingProfileScreen',
);
const EditThingAssociationsScreen = lazyScreen(
  () => import('./forms/edit-thing-associations-screen'),
  'EditThingAssociationsScreen',
);
const NewThingScreen = lazyScreen(() => import('./forms/new-thing-screen'), 'NewThingScreen');
const AssetsScreen = lazyScreen(() => import('./admin/assets-screen'), 'AssetsScreen');

export const thingsFeature: FeatureManifest = {
  section: {
    id: 'things',
    path: 'things',
    routes: [
      { index: true, element: <ThingsListScreen /> },
      { path: 'new', element: <NewThingScreen /> },
      { path: ':thingId', element: <ThingDetailScreen /> },
      { path: ':thingId/edit', element: <EditThingProfileScreen /> },
      { path: ':thingId/edit/profile', element: <EditThingProfileScreen /> },
      { path: ':thingId/edit/associations', element: <EditThingAssociationsScreen /> },
    ],
  },
  live: liveFeature(thingsLiveHandler),
  map: { layers: [LazyThingsLayer] },
};

/** An asset opened from the Assets tab (a newly registered one) shows in the Live section. */
function ToLiveThing() {
  const { thingId = '' } = useParams();
  return <Navigate to={liveThingPath(thingId)} replace />;
}

/** The accounts' Assets tab: the list and registering an asset. */
export const thingsAdminRoutes: RouteObject[] = [
  { path: 'assets', element: <AssetsScreen /> },
  { path: 'assets/new', element: <NewThingScreen /> },
  { path: 'assets/:thingId', element: <ToLiveThing /> },
];
