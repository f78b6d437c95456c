/**
 * The Data section's Exports: the list, and the wizard (mounted by the app behind the create-export
 * permission). Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const ExportsScreen = lazyScreen(() => import('./list/exports-screen'), 'ExportsScreen');
const NewExportScreen = lazyScreen(() => import('./wizard/new-export-screen'), 'NewExportScreen');

export const exportsRoutes: RouteObject[] = [{ index: true, element: <ExportsScreen /> }];
export const newExportRoutes: RouteObject[] = [{ index: true, element: <NewExportScreen /> }];
