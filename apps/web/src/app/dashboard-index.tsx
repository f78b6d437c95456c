import { Navigate } from 'react-router';
import { dataIndexPath } from '@flare/core/permissions/sections';
import { useSession } from '../lib/session';
import { UnauthorizedPage } from './message-page';

/** /dashboard: the first section the user may see (the stored dashboardAccess). */
export function DashboardIndex() {
  const first = useSession()?.dashboardAccess[0];
  return first ? <Navigate to={first} replace /> : <UnauthorizedPage />;
}

/** /dashboard/data: reports when the user may read them, otherwise exports. */
export function DataIndex() {
  const permissions = useSession()?.profile?.permissions ?? [];
  return <Navigate to={dataIndexPath(permissions)} replace />;
}
