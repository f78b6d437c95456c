/**
 * The Zones section's routes: the list (a zone's path selects it), and add and edit (for the app to
 * mount behind its desktop-only guard: the line is drawn on the map). Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ZonesListScreen = lazy(() =>
  import('./list/zones-list-screen').then((m) => ({ default: m.ZonesListScreen })),
);
const NewZoneScreen = lazy(() =>
  import('./form/zone-form-screen').then((m) => ({ default: m.NewZoneScreen })),
);
const EditZoneScreen = lazy(() =>
  import('./form/zone-form-screen').then((m) => ({ default: m.EditZoneScreen })),
);

export const zonesRoutes: RouteObject[] = [
  { index: true, element: <ZonesListScreen /> },
  { path: ':zoneId', element: <ZonesListScreen /> },
];

export const newZoneRoutes: RouteObject[] = [{ index: true, element: <NewZoneScreen /> }];
export const editZoneRoutes: RouteObject[] = [{ index: true, element: <EditZoneScreen /> }];
