/**
 * The Closures section's routes: the list and a closure's detail, and add and edit (mounted by the app
 * behind its closure permission guard: the route is drawn on the map). Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ClosuresListScreen = lazy(() =>
  import('./list/closures-list-screen').then((m) => ({ default: m.ClosuresListScreen })),
);
const ClosureDetailScreen = lazy(() =>
  import('./detail/closure-detail-screen').then((m) => ({ default: m.ClosureDetailScreen })),
);
const NewClosureScreen = lazy(() =>
  import('./form/closure-form-screen').then((m) => ({ default: m.NewClosureScreen })),
);
const EditClosureScreen = lazy(() =>
  import('./form/closure-form-screen').then((m) => ({ default: m.EditClosureScreen })),
);

export const closuresRoutes: RouteObject[] = [
  { index: true, element: <ClosuresListScreen /> },
  { path: ':closureId', element: <ClosureDetailScreen /> },
];

export const newClosureRoutes: RouteObject[] = [{ index: true, element: <NewClosureScreen /> }];
export const editClosureRoutes: RouteObject[] = [{ index: true, element: <EditClosureScreen /> }];
