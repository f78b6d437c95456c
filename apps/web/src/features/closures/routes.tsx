/**
 * The Closures section's routes: the list and a closure's detail, and add and edit (mounted by the app
 * behind its closure permission guard: the route is drawn on the map). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const ClosuresListScreen = lazyScreen(() => import('./list/closures-list-screen'), 'ClosuresListScreen');
const ClosureDetailScreen = lazyScreen(() => import('./detail/closure-detail-screen'), 'ClosureDetailScreen');
const NewClosureScreen = lazyScreen(() => import('./form/closure-form-screen'), 'NewClosureScreen');
const EditClosureScreen = lazyScreen(() => import('./form/closure-form-screen'), 'EditClosureScreen');

export const closuresRoutes: RouteObject[] = [
  { index: true, element: <ClosuresListScreen /> },
  { path: ':closureId', element: <ClosureDetailScreen /> },
];

export const newClosureRoutes: RouteObject[] = [{ index: true, element: <NewClosureScreen /> }];
export const editClosureRoutes: RouteObject[] = [{ index: true, element: <EditClosureScreen /> }];
