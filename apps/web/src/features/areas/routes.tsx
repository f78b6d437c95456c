/**
 * The Areas section's routes: list and detail, and add and edit (for the app to mount behind its
 * desktop-only guard: the shape is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const AreasListScreen = lazyScreen(() => import('./list/areas-list-screen'), 'AreasListScreen');
const AreaDetailScreen = lazyScreen(() => import('./detail/area-detail-screen'), 'AreaDetailScreen');
const NewAreaScreen = lazyScreen(() => import('./forms/area-form-screen'), 'NewAreaScreen');
const EditAreaScreen = lazyScreen(() => import('./forms/area-form-screen'), 'EditAreaScreen');

export const areasRoutes: RouteObject[] = [
  { index: true, element: <AreasListScreen /> },
  { path: ':areaId', element: <AreaDetailScreen /> },
];

export const newAreaRoutes: RouteObject[] = [{ index: true, element: <NewAreaScreen /> }];
export const editAreaRoutes: RouteObject[] = [{ index: true, element: <EditAreaScreen /> }];
