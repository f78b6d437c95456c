/**
 * The Zones section's routes: the list (a zone's path selects it), and add and edit (for the app to
 * mount behind its desktop-only guard: the line is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const ZonesListScreen = lazyScreen(() => import('./list/zones-list-screen'), 'ZonesListScreen');
const NewZoneScreen = lazyScreen(() => import('./form/zone-form-screen'), 'NewZoneScreen');
const EditZoneScreen = lazyScreen(() => import('./form/zone-form-screen'), 'EditZoneScreen');

export const zonesRoutes: RouteObject[] = [
  { index: true, element: <ZonesListScreen /> },
  { path: ':zoneId', element: <ZonesListScreen /> },
];

export const newZoneRoutes: RouteObject[] = [{ index: true, element: <NewZoneScreen /> }];
export const editZoneRoutes: RouteObject[] = [{ index: true, element: <EditZoneScreen /> }];
