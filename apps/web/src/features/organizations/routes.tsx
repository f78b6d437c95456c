/**
 * The organisations screens (list, new, edit), shown in both accounts sections. Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const OrganizationsListScreen = lazyScreen(
  () => import('./list/organizations-list-screen'),
  'OrganizationsListScreen',
);
const NewOrganizationScreen = lazyScreen(
  () => import('./forms/new-organization-screen'),
  'NewOrganizationScreen',
);
const EditOrganizationScreen = lazyScreen(
  () => import('./forms/edit-organization-screen'),
  'EditOrganizationScreen',
);

export const organizationsRoutes: RouteObject[] = [
  { path: 'organizations', element: <OrganizationsListScreen /> },
  { path: 'organizations/new', element: <NewOrganizationScreen /> },
  { path: 'organizations/:orgId/edit', element: <EditOrganizationScreen /> },
];
