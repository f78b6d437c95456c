import { Navigate } from 'react-router';
import { dataIndexPath } from '@flare/core/permissions/sections';
import { useSession } from '../lib/session';
import { UnauthorizedPage } from './message-page';

/** /dashboard: the first section the user may see (the stored dashboardAccess). */
export function DashboardIndex() {
  const first = useSession()?.dashboardAccess[0];
  return first ? <Navigate to={first} replace /> : <UnauthorizedPage />;
}

/** /dashboard/data: its first sub-section the user may see (the section guard refuses one with none). */
export function DataIndex() {
  const first = dataIndexPath(useSession()?.profile?.permissions ?? []);
  return first ? <Navigate to={first} replace /> : <UnauthorizedPage />;
}
