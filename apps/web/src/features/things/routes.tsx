/**
 * The Live section's routes: list, detail, edit profile and access, new asset.
 * Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ThingsListScreen = lazy(() =>
  import('./list/things-list-screen').then((m) => ({ default: m.ThingsListScreen })),
);
const ThingDetailScreen = lazy(() =>
  import('./detail/thing-detail-screen').then((m) => ({ default: m.ThingDetailScreen })),
);
const EditThingProfileScreen = lazy(() =>
  import('./forms/edit-thing-profile-screen').then((m) => ({ default: m.EditThingProfileScreen })),
);
const EditThingAssociationsScreen = lazy(() =>
  import('./forms/edit-thing-associations-screen').then((m) => ({ default: m.EditThingAssociationsScreen })),
);
const NewThingScreen = lazy(() =>
  import('./forms/new-thing-screen').then((m) => ({ default: m.NewThingScreen })),
);

export const thingsRoutes: RouteObject[] = [
  { index: true, element: <ThingsListScreen /> },
  { path: 'new', element: <NewThingScreen /> },
  { path: ':thingId', element: <ThingDetailScreen /> },
  { path: ':thingId/edit', element: <EditThingProfileScreen /> },
  { path: ':thingId/edit/profile', element: <EditThingProfileScreen /> },
  { path: ':thingId/edit/associations', element: <EditThingAssociationsScreen /> },
];
