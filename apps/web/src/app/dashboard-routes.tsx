/**
 * The dashboard's routes: the shell and every section, in a chunk of their own that loads once a
 * signed-in path is first visited (router.tsx patches them in), so the sign-in page does not load
 * them.
 */
import { Navigate, type RouteObject } from 'react-router';
import { SectionPlaceholder } from '../features/sections/section-placeholder';
import { thingsAdminRoutes } from '../features/things/routes';
import { profileElement, usersRoutes } from '../features/users/routes';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { organizationsRoutes } from '../features/organizations/routes';
import { reportsRoutes } from '../features/reports/routes';
import { exportsRoutes, newExportRoutes } from '../features/exports/routes';
import { AccountsLayout, ACCOUNTS_NEW_TABS, FirstAccountsTab, LEGACY_ACCOUNTS_TABS } from './accounts-layout';
import { DashboardShell } from './shell/dashboard-shell';
import { DashboardIndex, DataIndex } from './dashboard-index';
import { RequireAccess, RequireAuth, RequireDataSubsection, RequireSection } from './guards';
import { DASHBOARD_ROUTE_ID } from './dashboard-route-id';
import { NotFoundPage } from './message-page';
import { FEATURES } from './features';
import type { FeatureManifest } from '../lib/feature-manifest';

/** A feature's section under /dashboard: core's rule for who sees it, then its guarded screens. */
function sectionRoutes({ section }: FeatureManifest): RouteObject[] {
  if (!section) return [];
  const guarded = (section.guarded ?? []).map(({ path, access, desktopOnly, children }) => ({
    path,
    element: access ? <RequireAccess access={access} desktopOnly={desktopOnly} /> : undefined,
    children,
  }));
  return [
    {
      path: section.path,
      element: <RequireSection section={section.id} />,
      children: [...section.routes, ...guarded],
    },
  ];
}

/** /dashboard: signed-in users only, then the shell and its sections. */
export const dashboardRoute: RouteObject = {
  id: DASHBOARD_ROUTE_ID,
  path: 'dashboard',
  element: <RequireAuth />,
  children: [
    {
      element: <DashboardShell />,
      children: [
        { index: true, element: <DashboardIndex /> },
        ...FEATURES.flatMap(sectionRoutes),
        {
          path: 'data',
          element: <RequireSection section="data" />,
          children: [
            { index: true, element: <DataIndex /> },
            {
              path: 'reports',
              element: <RequireDataSubsection subsection="reports" />,
              children: reportsRoutes,
            },
            {
              path: 'exports',
              element: <RequireDataSubsection subsection="exports" />,
              children: [
                ...exportsRoutes,
                {
                  path: 'new',
                  element: <RequireAccess access="createExport" desktopOnly />,
                  children: newExportRoutes,
                },
              ],
            },
          ],
        },
        {
          path: 'accounts',
          element: <RequireSection section="accounts" />,
          children: [
            {
              element: <AccountsLayout base="/dashboard/accounts" tabs={LEGACY_ACCOUNTS_TABS} />,
              children: [
                { index: true, element: profileElement },
                ...usersRoutes,
                ...organizationsRoutes,
                ...apiKeysRoutes,
                { path: '*', element: <SectionPlaceholder section="accounts" /> },
              ],
            },
          ],
        },
        {
          path: 'accounts-new',
          element: <RequireSection section="accounts-new" />,
          children: [
            { index: true, element: <FirstAccountsTab tabs={ACCOUNTS_NEW_TABS} /> },
            {
              element: <AccountsLayout base="/dashboard/accounts-new" tabs={ACCOUNTS_NEW_TABS} />,
              children: [
                ...usersRoutes,
                ...thingsAdminRoutes,
                ...organizationsRoutes,
                ...apiKeysRoutes,
                { path: 'profile', element: profileElement },
                ...[
                  ['billing', 'Billing'],
                  ['settings', 'Settings'],
                ].map(([path, title]) => ({
                  path,
                  element: <SectionPlaceholder section="accounts-new" title={title} />,
                })),
              ],
            },
          ],
        },
        { path: '404', element: <Navigate to="/dashboard" replace /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
};
