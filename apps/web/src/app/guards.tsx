/** Route guards: signed in, allowed to see the section, and not desktop-only on a phone. */
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Access } from '@flare/core/permissions/access';
import {
  canSee,
  DATA_SUBSECTIONS,
  sectionById,
  visibleDataSubsections,
  type DataSubsectionId,
  type SectionId,
} from '@flare/core/permissions/sections';
import { getSession, useSession } from '../lib/session';
import { useIsMobile } from '../lib/use-is-mobile';
import { MobileBlockedPage, UnauthorizedPage } from './message-page';

/** Signed-out visitors go to sign-in, which returns them here afterwards when they may see it. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session)
    return <Navigate to="/welcome/signin" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/**
 * A section's access (core canSee), then its desktop-only flag: `desktopOnly` overrides the
 * section's own for sub-routes such as data/exports.
 */
export function RequireSection({ section, desktopOnly }: { section: SectionId; desktopOnly?: boolean }) {
  const session = useSession();
  const isMobile = useIsMobile();
  if (!canSee(session?.profile?.permissions ?? [], section)) return <UnauthorizedPage />;
  if (isMobile && (desktopOnly ?? sectionById(section).desktopOnly)) return <MobileBlockedPage />;
  return <Outlet />;
}

/** A screen inside a section that needs more access (core `can`) and, when asked, a large screen. */
export function RequireAccess({ access, desktopOnly = false }: { access: Access; desktopOnly?: boolean }) {
  const session = useSession();
  const isMobile = useIsMobile();
  if (!can(session?.profile?.permissions ?? [], access)) return <UnauthorizedPage />;
  if (isMobile && desktopOnly) return <MobileBlockedPage />;
  return <Outlet />;
}

/** A data sub-section (reports, exports): the same core rule as the Data menu's entries. */
export function RequireDataSubsection({ subsection }: { subsection: DataSubsectionId }) {
  const session = useSession();
  const isMobile = useIsMobile();
  if (!visibleDataSubsections(session?.profile?.permissions ?? []).includes(subsection))
    return <UnauthorizedPage />;
  if (isMobile && DATA_SUBSECTIONS.find((s) => s.id === subsection)?.desktopOnly)
    return <MobileBlockedPage />;
  return <Outlet />;
}

/**
 * The sign-in screens, for visitors who arrive signed out; one who arrives signed in goes to the
 * dashboard. (A sign-in made on the screen navigates by itself, to the requested path.)
 */
export function RequireSignedOut() {
  const [signedInOnArrival] = useState(() => Boolean(getSession()?.profile));
  if (signedInOnArrival) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** "/": the dashboard when signed in, otherwise sign-in. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? '/dashboard' : '/welcome/signin'} replace />;
}
