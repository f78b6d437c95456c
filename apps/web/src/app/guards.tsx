/** Route guards: signed in, allowed to see the section, and not desktop-only on a phone. */
import { Navigate, Outlet, useLocation } from 'react-router';
import { canSee, sectionById, type SectionId } from '@flare/core/permissions/sections';
import { useSession } from '../lib/session';
import { useIsMobile } from '../lib/use-is-mobile';
import { MobileBlockedPage, UnauthorizedPage } from './message-page';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session)
    return <Navigate to="/welcome/signin" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

export function RequireSection({ section, desktopOnly }: { section: SectionId; desktopOnly?: boolean }) {
  const session = useSession();
  const isMobile = useIsMobile();
  if (!canSee(session?.profile?.permissions ?? [], section)) return <UnauthorizedPage />;
  if (isMobile && (desktopOnly ?? sectionById(section).desktopOnly)) return <MobileBlockedPage />;
  return <Outlet />;
}

/** Only when signed out (the sign-in screens); signed-in visitors go to the dashboard. */
export function RequireSignedOut() {
  const session = useSession();
  if (session?.profile) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
