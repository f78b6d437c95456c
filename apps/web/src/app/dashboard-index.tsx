import { Navigate } from 'react-router';
import { useSession } from '../lib/session';
import { UnauthorizedPage } from './message-page';

/** /dashboard: the first section the user may see. */
export function DashboardIndex() {
  const session = useSession();
  const first = session?.dashboardAccess[0];
  return first ? <Navigate to={first} replace /> : <UnauthorizedPage />;
}
