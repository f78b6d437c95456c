/**
 * The organisations screens (list, new, edit), shown in both accounts sections. Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OrganizationsListScreen = lazy(() =>
  import('./list/organizations-list-screen').then((m) => ({ default: m.OrganizationsListScreen })),
);
const NewOrganizationScreen = lazy(() =>
  import('./forms/new-organization-screen').then((m) => ({ default: m.NewOrganizationScreen })),
);
const EditOrganizationScreen = lazy(() =>
  import('./forms/edit-organization-screen').then((m) => ({ default: m.EditOrganizationScreen })),
);

export const organizationsRoutes: RouteObject[] = [
  { path: 'organizations', element: <OrganizationsListScreen /> },
  { path: 'organizations/new', element: <NewOrganizationScreen /> },
  { path: 'organizations/:orgId/edit', element: <EditOrganizationScreen /> },
];
