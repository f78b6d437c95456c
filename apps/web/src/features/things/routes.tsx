/**
 * The Live section's routes: list, detail, edit profile and access, new asset.
 * Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

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

export const thingsRoutes: RouteObject[] = [
  { index: true, element: <ThingsListScreen /> },
  { path: 'new', element: <NewThingScreen /> },
  { path: ':thingId', element: <ThingDetailScreen /> },
  { path: ':thingId/edit', element: <EditThingProfileScreen /> },
  { path: ':thingId/edit/profile', element: <EditThingProfileScreen /> },
  { path: ':thingId/edit/associations', element: <EditThingAssociationsScreen /> },
];
