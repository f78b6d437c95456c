/**
 * The Areas section's routes: list and detail, and add and edit (for the app to mount behind its
 * desktop-only guard: the shape is drawn on the map). Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AreasListScreen = lazy(() =>
  import('./list/areas-list-screen').then((m) => ({ default: m.AreasListScreen })),
);
const AreaDetailScreen = lazy(() =>
  import('./detail/area-detail-screen').then((m) => ({ default: m.AreaDetailScreen })),
);
const NewAreaScreen = lazy(() =>
  import('./forms/area-form-screen').then((m) => ({ default: m.NewAreaScreen })),
);
const EditAreaScreen = lazy(() =>
  import('./forms/area-form-screen').then((m) => ({ default: m.EditAreaScreen })),
);

export const areasRoutes: RouteObject[] = [
  { index: true, element: <AreasListScreen /> },
  { path: ':areaId', element: <AreaDetailScreen /> },
];

export const newAreaRoutes: RouteObject[] = [{ index: true, element: <NewAreaScreen /> }];
export const editAreaRoutes: RouteObject[] = [{ index: true, element: <EditAreaScreen /> }];
