/**
 * The asset detail panel at things/{thingId}: live status, profile and
 * organisation access. The live store keeps it moving; the REST copy covers an asset the store
 * does not hold yet. Opened, the asset's name takes the focus; Back or Escape returns to the list,
 * which focuses the asset's row again.
 */
import { Center, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { BackButton } from '../../../components/ui/back-button';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MAP_ZOOM } from '@flare/core/constants';
import { can } from '@flare/core/permissions/access';
import { primaryDisplayName, secondaryDisplayName, thingPosition } from '@flare/core/things/thing-display';
import { useLiveThing } from '../live/live-things-store';
import { useLiveNow } from '../../../lib/use-now';
import { useSession } from '../../../lib/session';
import { centreMap } from '../../../map/map-commands';
import { useThing } from '../api/get-thing';
import { DeviceCredentialSection } from '../device-credential/device-credential-section';
import { DeviceConfigurationSection } from '../device-configuration/device-configuration-section';
import { ThingAccessSection } from './thing-access-section';
import { ThingAlarmAlert } from './thing-alarm-alert';
import { ThingCommandsSection } from './thing-commands-section';
import { ThingCoverageField } from './thing-coverage-field';
import { ThingProfileSection } from './thing-profile-section';
import { ThingStatusSection } from './thing-status-section';
import { SavedNotice } from './saved-notice';
import { backToListState } from '../navigation-state';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';

export function ThingDetailScreen() {
  const { thingId = '' } = useParams();
  const profile = useSession()?.profile;
  const organization = useSubscribedOrganization();
  const live = useLiveThing(thingId);
  const fetched = useThing(thingId);
  const thing = live ?? fetched.data;
  // Run time, durations and staleness stop while the connection is down.
  const now = useLiveNow();
  const navigate = useNavigate();
  const location = useLocation();

  const position = thing ? thingPosition(thing) : null;
  const hasPosition = position !== null;
  useEffect(() => {
    if (position) centreMap(position, MAP_ZOOM.locationCentreMin);
    // Centre once per asset opened, not on every move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thingId, hasPosition]);

  const back = () =>
    void navigate(
      { pathname: '..', search: location.search },
      { relative: 'path', state: backToListState(thingId) },
    );
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = thing !== undefined;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [thingId, shown]);

  if (!thing) {
    return (
      <Stack p="sm" onKeyDown={onEscape(back)}>
        <BackButton label="Back to assets" onBack={back} />
        {fetched.isError ? (
          <Text role="alert">Asset not found</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading asset" />
          </Center>
        )}
      </Stack>
    );
  }

  const canEdit = profile ? can(profile.permissions, 'editThing') : false;
  const canManageThings = profile ? can(profile.permissions, 'manageThings') : false;
  // Anyone who can see the asset may acknowledge its alarm.
  const canAcknowledge = profile ? can(profile.permissions, 'viewThings') : false;
  const secondary = secondaryDisplayName(thing);
  return (
    <Stack gap="md" p="sm" pt={0} onKeyDown={onEscape(back)}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <BackButton label="Back to assets" onBack={back} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title ref={heading} tabIndex={-1} order={1} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {primaryDisplayName(thing)}
          </Title>
          {secondary && (
            <Text size="sm" c="gray.7">
              {secondary}
            </Text>
          )}
        </Stack>
      </Group>
      <SavedNotice />
      <ThingAlarmAlert thing={thing} now={now} canAcknowledge={canAcknowledge} />
      <ThingStatusSection
        thing={thing}
        now={now}
        countryCode={organization?.country_code ?? null}
        respondersType={organization?.responders_type ?? 'none'}
        polling={organization?.is_large_org ?? false}
      />
      <ThingCoverageField thingId={thing.id} />
      <ThingCommandsSection thing={thing} permissions={profile?.permissions ?? []} />
      <Divider />
      <ThingProfileSection thing={thing} canEdit={canEdit} wzdxOrg={organization?.is_wzdx_org ?? false} />
      <Divider />
      <ThingAccessSection thing={thing} canEdit={canEdit} />
      {canManageThings && (
        <>
          <Divider />
          <DeviceCredentialSection thingId={thing.id} />
          <Divider />
          <DeviceConfigurationSection thing={thing} />
        </>
      )}
    </Stack>
  );
}

/** Escape goes back, unless a field or an open menu of the panel takes it (or a dialog over it). */
function onEscape(back: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!event.currentTarget.contains(target)) return;
    if (target.closest('input, textarea, select, [aria-expanded="true"]')) return;
    event.preventDefault();
    back();
  };
}
