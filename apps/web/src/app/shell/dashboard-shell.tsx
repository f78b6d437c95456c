/** The signed-in frame: side nav (desktop) or top bar and bottom nav (mobile), the drawer, banners. */
import { ActionIcon, Box, CloseButton, Group, Center } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { LAYOUT } from '@flare/core/constants';
import { ErrorDialog } from '../../components/ui/error-dialog';
import { MainLandmark } from '../../components/ui/main-landmark';
import { ApiError } from '../../lib/api-client';
import { rememberTarget } from '../../lib/nav-memory';
import { hasFreshProfile, loadProfile, ProfileLoadError, useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';
import { AccountMenu } from './account-menu';
import { BottomNav } from './bottom-nav';
import { MobileTopBar } from './mobile-top-bar';
import { OfflineBanner } from './offline-banner';
import { SideNav } from './side-nav';
import { SupportDialog, useSupportDialog } from './support-dialog';
import { VersionNotice } from './version-notice';
import { SessionAlerts } from './session-alerts';
import { LiveSocket } from '../../live/live-socket';
import { liveRegistry } from '../live-registry';
import { LazyMapView } from '../../map/lazy-map-view';
import { MapBottomCover } from '../../map/map-bottom-cover';
import { onMapCommand } from '../../map/map-commands';
import { AreaJumpControl } from './area-map-layers';
import { ThingsMapControls } from '../../features/things/map/things-map-controls';
import { useActiveIncidentPositions } from '../../features/incidents/map/active-incident-positions';
import { StatusNotices } from '../../features/things/notices/status-notices';
import { LoadingIndicator, PanelLoading } from '../../components/ui/loading-indicator';
import { OrganizationSwitcher } from './organization-switcher';
import { StatusStrip } from './status-strip';
import { FEATURES } from '../features';

export function DashboardShell() {
  const session = useSession();
  const profile = session?.profile;
  const isMobile = useIsMobile();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(true);
  const support = useSupportDialog();
  const navigate = useNavigate();
  // An asset opened with the map uncovered (a tapped marker) shows as a sheet over the map.
  const assetShown = useMatch('/dashboard/things/:thingId/*') !== null;

  const [profileFailed, setProfileFailed] = useState(false);
  const { closePanelRef, openPanelRef, panelToggled } = usePanelFocus(drawerOpen);

  useEffect(() => rememberTarget(location.pathname), [location.pathname]);
  // On a phone the drawer covers the map: a map finder uncovers it.
  useEffect(
    () =>
      isMobile
        ? onMapCommand((command) => {
            if (command.kind === 'reveal') setDrawerOpen(false);
          })
        : undefined,
    [isMobile],
  );

  // A profile restored from storage is loaded afresh: permissions may have changed, and a revoked
  // session answers 401, which signs out.
  const refreshProfile = useCallback(() => {
    loadProfile().catch((error: unknown) => {
      // A refused profile or a 401 ends the session by itself; anything else may be tried again.
      const endsSession =
        error instanceof ProfileLoadError || (error instanceof ApiError && error.status === 401);
      if (!endsSession) setProfileFailed(true);
    });
  }, []);
  useEffect(() => {
    if (!hasFreshProfile()) refreshProfile();
  }, [refreshProfile]);
  const retryProfile = () => {
    setProfileFailed(false);
    refreshProfile();
  };

  if (!profile) {
    return (
      <Center h="100vh" component="main">
        <LoadingIndicator label="Loading" />
        <ErrorDialog opened={profileFailed} onOk={retryProfile} />
      </Center>
    );
  }

  const content = (
    <MainLandmark style={{ flex: 1, overflow: 'auto' }} bg="white">
      <Suspense fallback={<PanelLoading label="Loading" />}>
        <Outlet />
      </Suspense>
    </MainLandmark>
  );

  const drawer = {
    onToggleDrawer: () => setDrawerOpen((open) => !open),
    onOpenDrawer: () => setDrawerOpen(true),
  };

  const sheet = !drawerOpen && assetShown;
  // On a phone the drawer is full-screen over the map; the map/list toggle, the active section in
  // the bottom nav or a map finder uncovers the map.
  const layout = isMobile ? (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <MobileTopBar
        profile={profile}
        view={drawerOpen ? 'list' : 'map'}
        onView={(view) => setDrawerOpen(view === 'list')}
        onSupport={support.open}
      />
      <OfflineBanner mobile />
      <Box style={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex' }}>
        <ShellMap covered={drawerOpen} coveredBelow={sheet ? 1 - SHEET_TOP : 0} />
        <Box
          pos="absolute"
          inset={0}
          top={sheet ? `${SHEET_TOP * 100}%` : 0}
          bg="white"
          style={{
            zIndex: 3,
            display: drawerOpen || sheet ? 'flex' : 'none',
            flexDirection: 'column',
            ...(sheet && SHEET_STYLE),
          }}
        >
          {sheet && (
            <Group justify="flex-end" p={4}>
              <CloseButton
                aria-label="Close asset"
                onClick={() => void navigate({ pathname: '/dashboard/things', search: location.search })}
              />
            </Group>
          )}
          {content}
        </Box>
      </Box>
      <BottomNav profile={profile} {...drawer} />
    </Box>
  ) : (
    <Box h="100vh" style={{ display: 'flex' }}>
      <SideNav profile={profile} {...drawer} onSupport={support.open} />
      <Box style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <StatusStrip profile={profile} />
        <OfflineBanner mobile={false} />
        {/* Clipped: the closed panel slides out of sight, not over the side nav. */}
        <Box style={{ flex: 1, display: 'flex', minHeight: 0, position: 'relative', overflow: 'hidden' }}>
          <Box
            w={LAYOUT.drawerWidth}
            bg="white"
            style={{
              flexShrink: 0,
              display: 'flex',
              flexDirection: 'column',
              borderRight: '1px solid var(--mantine-color-gray-3)',
              marginLeft: drawerOpen ? 0 : -LAYOUT.drawerWidth,
              transition: 'margin-left 200ms ease',
            }}
            aria-hidden={!drawerOpen}
            inert={!drawerOpen}
          >
            <Group justify="flex-end" p={4}>
              <CloseButton
                ref={closePanelRef}
                aria-label="Close panel"
                onClick={() => {
                  panelToggled();
                  setDrawerOpen(false);
                }}
              />
            </Group>
            {content}
          </Box>
          <ShellMap>
            {!drawerOpen && (
              <ActionIcon
                ref={openPanelRef}
                aria-label="Open panel"
                variant="filled"
                size="xl"
                pos="absolute"
                left={0}
                top="50%"
                style={{ zIndex: 2, transform: 'translateY(-50%)', borderRadius: '0 8px 8px 0' }}
                onClick={() => {
                  panelToggled();
                  setDrawerOpen(true);
                }}
              >
                <IconChevronRight aria-hidden="true" />
              </ActionIcon>
            )}
            <AreaJumpControl />
            <Group justify="flex-end" p="sm" style={{ position: 'absolute', top: 0, right: 0, zIndex: 2 }}>
              <OrganizationSwitcher profile={profile} />
              <AccountMenu profile={profile} onSupport={support.open} />
            </Group>
          </ShellMap>
        </Box>
      </Box>
    </Box>
  );

  // Beside the layout, not inside it: crossing the phone breakpoint swaps the layout but keeps the
  // live socket and the data it feeds, the version check and the session alerts.
  return (
    <>
      <LiveSocket registry={liveRegistry} />
      {layout}
      <SupportDialog opened={support.opened} onClose={support.close} />
      <VersionNotice />
      <SessionAlerts />
      <StatusNotices />
    </>
  );
}

/**
 * The desktop panel's close control and the handle that reopens it hand the focus to each other, so
 * a keyboard user who closes the panel is not left on a control gone out of reach.
 */
function usePanelFocus(drawerOpen: boolean) {
  const closePanelRef = useRef<HTMLButtonElement>(null);
  const openPanelRef = useRef<HTMLButtonElement>(null);
  const pendingRef = useRef(false);
  useEffect(() => {
    if (!pendingRef.current) return;
    pendingRef.current = false;
    (drawerOpen ? closePanelRef : openPanelRef).current?.focus();
  }, [drawerOpen]);
  const panelToggled = useCallback(() => {
    pendingRef.current = true;
  }, []);
  return { closePanelRef, openPanelRef, panelToggled };
}

/** Where a phone's asset sheet starts, as a fraction of the map's height from its top. */
const SHEET_TOP = 0.45;
const SHEET_STYLE = {
  borderRadius: '12px 12px 0 0',
  boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.25)',
  overflow: 'hidden',
} as const;

/** The map's tools; with no asset to show, the map opens on the active incidents (two features' data). */
function MapTools() {
  return <ThingsMapControls withoutAssets={useActiveIncidentPositions()} />;
}

const MAP_PARTS = (['layers', 'markers', 'drawing'] as const).flatMap((plane) =>
  FEATURES.flatMap((feature) => feature.map?.[plane] ?? []),
);

/**
 * The map beside (desktop) or under (phone) the drawer, with the live assets, the incidents, the
 * sections' layers and the map tools. `coveredBelow`: the part of its height a phone's sheet covers,
 * which the map leaves out when it centres something.
 */
function ShellMap({
  children,
  covered = false,
  coveredBelow = 0,
}: {
  children?: React.ReactNode;
  covered?: boolean;
  coveredBelow?: number;
}) {
  // Before anything of the organisation is fitted (or when nothing is), its own map position.
  const position = useSubscribedOrganization()?.position;
  return (
    <Box
      style={{ flex: 1, position: 'relative' }}
      bg="gray.2"
      role="region"
      aria-label="Map"
      aria-hidden={covered || undefined}
      inert={covered}
    >
      <LazyMapView initialCenter={position ? [position.lng, position.lat] : undefined}>
        <MapBottomCover fraction={coveredBelow} />
        {/* The features' layers in the map's canvas, then DOM markers (above every asset drawn in the
            canvas), then the drawing tools. */}
        {MAP_PARTS.map((Part, index) => (
          <Part key={index} />
        ))}
        <MapTools />
      </LazyMapView>
      {children}
    </Box>
  );
}
