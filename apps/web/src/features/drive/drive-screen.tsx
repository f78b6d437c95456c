/**
 * The driver view at /drive: a phone-sized page for the driver, opened from a partner's link (its API
 * key in the fragment) or by a signed-in user. The map follows the vehicle (the device's GPS, or the
 * simulated car of a demo drive); the banner shows the nearest alert that concerns it, counting the
 * distance down, and it may speak each new alert. Installable (drive.webmanifest).
 */
import { Anchor, Button, Group, Paper, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MessagePage } from '../../components/ui/message-page';
import { MainLandmark } from '../../components/ui/main-landmark';
import { configureApiKey } from '../../lib/api-client';
import { usePref } from '../../lib/prefs';
import { useSession } from '../../lib/session';
import { LazyMapView } from '../../map/lazy-map-view';
import { AlertBanner } from './alert-banner';
import { alertsAhead, spokenWarning, type AlertAhead } from './alerts-ahead';
import { DriveMapLayers } from './drive-map-layers';
import { forgetKey, parseDriveLink, rememberedKey, type SimulatedDrive } from './drive-link';
import { canSpeak, speak } from './speech';
import { useVehicleAlerts } from './use-vehicle-alerts';
import { useVehiclePosition } from './use-vehicle-position';
import type { DriveConnectionStatus } from './vehicle-alerts-socket';

/** About 3 km of road from top to bottom of a phone's screen. */
const DRIVE_ZOOM = 14;

export const CONNECTION_TEXT: Record<DriveConnectionStatus, string> = {
  connecting: 'Connecting…',
  open: 'Connected: alerts arrive as they happen',
  reconnecting: 'Connection lost: reconnecting…',
  refused: 'Not connected',
};

/** The link's key, read once: remembered on the device, taken out of the address bar, used for this page's calls. */
function useLinkKey(fromLink: string | null): string | null {
  const [key] = useState(() => {
    const remembered = rememberedKey(fromLink);
    if (fromLink)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    // Set while rendering, before any child's first call (the map's configuration, the socket).
    configureApiKey(remembered);
    return remembered;
  });
  useEffect(() => () => configureApiKey(null), []);
  return key;
}

/** Makes the page installable as an app of its own while it is shown. */
function useDriveManifest(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/drive.webmanifest';
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/** Speaks each alert once, when it first concerns the vehicle, while spoken warnings are on. */
function useSpokenWarnings(ahead: AlertAhead[], on: boolean): void {
  const spoken = useRef(new Set<string>());
  useEffect(() => {
    if (!on) return;
    for (const item of ahead) {
      if (spoken.current.has(item.alert.id)) continue;
      spoken.current.add(item.alert.id);
      speak(spokenWarning(item));
    }
  }, [ahead, on]);
}

export function DriveScreen() {
  const [link] = useState(() => parseDriveLink(window.location));
  const apiKey = useLinkKey(link.apiKey);
  const simulation = link.simulation;
  const signedIn = useSession() !== null;
  useDriveManifest();
  if (!apiKey && !signedIn) {
    return (
      <MessagePage
        title="Driver alerts"
        text="Open this page from the link your organisation or navigation partner gave you, or sign in to Flare to try a demo drive."
        action={
          <Button component={Link} to="/welcome/signin">
            Sign in
          </Button>
        }
      />
    );
  }
  return <Drive apiKey={apiKey} simulation={simulation} />;
}

function Drive({ apiKey, simulation }: { apiKey: string | null; simulation: SimulatedDrive | null }) {
  const { position, problem } = useVehiclePosition(simulation);
  const { alerts, status, refusal } = useVehicleAlerts(apiKey, position);
  const ahead = alertsAhead(alerts, position);
  const [spokenOn, setSpokenOn] = usePref('spokenWarnings');
  useSpokenWarnings(ahead, spokenOn);
  useEffect(() => {
    if (refusal && apiKey) forgetKey();
  }, [refusal, apiKey]);

  return (
    <MainLandmark pos="fixed" inset={0} style={{ overflow: 'hidden' }}>
      <LazyMapView initialCenter={simulation?.from ?? undefined} initialZoom={DRIVE_ZOOM}>
        <DriveMapLayers position={position} alerts={alerts} />
      </LazyMapView>
      <Stack pos="absolute" top={0} left={0} right={0} p="sm" gap="xs" style={{ pointerEvents: 'none' }}>
        <VisuallyHidden component="h1">Driver alerts</VisuallyHidden>
        <AlertBanner ahead={ahead} />
      </Stack>
      <Paper
        pos="absolute"
        bottom={0}
        left={0}
        right={0}
        p="sm"
        radius={0}
        shadow="md"
        component="section"
        aria-label="Drive"
      >
        <Stack gap={4}>
          <Text size="sm" fw={600} c={refusal ? 'red.8' : 'dark.9'} role="status">
            {refusal ?? problem ?? CONNECTION_TEXT[status]}
          </Text>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="gray.7">
              {simulation
                ? `Demo drive: ${simulation.speedKmh} km/h, heading ${Math.round(simulation.heading)}°`
                : 'Following your position'}
            </Text>
            {canSpeak() && (
              <Switch
                label="Spoken warnings"
                checked={spokenOn}
                onChange={(event) => setSpokenOn(event.currentTarget.checked)}
              />
            )}
          </Group>
          {refusal && (
            <Anchor component={Link} to="/welcome/signin" size="sm">
              Sign in instead
            </Anchor>
          )}
        </Stack>
      </Paper>
    </MainLandmark>
  );
}
