/**
 * The Data section's Exports: the list, and the wizard (mounted by the app behind the create-export
 * permission). Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ExportsScreen = lazy(() => import('./list/exports-screen').then((m) => ({ default: m.ExportsScreen })));
const NewExportScreen = lazy(() =>
  import('./wizard/new-export-screen').then((m) => ({ default: m.NewExportScreen })),
);

export const exportsRoutes: RouteObject[] = [{ index: true, element: <ExportsScreen /> }];
export const newExportRoutes: RouteObject[] = [{ index: true, element: <NewExportScreen /> }];
