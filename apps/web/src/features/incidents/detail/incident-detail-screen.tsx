/**
 * An incident at events/{incidentId}: state and date, street and copyable position,
 * the roadway heading, start, end and duration, the navigation-app message, the System ID, Edit
 * Location, and the vehicles on scene and gone. The live store keeps it current.
 */
import { Button, Center, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { BackButton, useUpOneLevel } from '../../../components/ui/back-button';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { formatLatLng, INCIDENT_MESSAGES, incidentPlace, type Incident } from '@flare/core/schemas/incident';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { extentSummary } from '@flare/core/incidents/incident-extent';
import { AlertReachField } from '../../../components/alerts/alert-reach-field';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { formatDuration, formatTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useNow } from '../../../lib/use-now';
import { useLiveIncident, useLiveIncidents } from '../live/live-incidents-store';
import { IncidentStatusBadge } from '../components/incident-status-badge';
import { centreOnIncident } from '../locate-incident';
import { HeadingDial, HeadingText } from './heading-dial';
import { IncidentVehicles } from './incident-vehicles';

/** Lat/lon as shown and copied: five decimals (about a metre). */
export function IncidentDetailScreen() {
  const { incidentId = '' } = useParams();
  const location = useLiveIncident(incidentId);
  const { loaded } = useLiveIncidents();

  const found = location !== undefined;
  useEffect(() => {
    if (location) centreOnIncident(location);
    // Centre once per incident opened, not on every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incidentId, found]);

  const back = useUpOneLevel();

  if (!location) {
    return (
      <Stack p="sm">
        <BackButton label="Back to the list" onBack={back} />
        {loaded ? (
          <Text role="alert">{INCIDENT_MESSAGES.notFound}</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading" />
          </Center>
        )}
      </Stack>
    );
  }
  return <EventDetail location={location} onBack={back} />;
}

function EventDetail({ location, onBack }: { location: Incident; onBack: () => void }) {
  const profile = useSession()?.profile;
  const isMobile = useIsMobile();
  const now = useNow();
  const canEdit =
    location.is_active && !isMobile && (profile ? can(profile.permissions, 'editIncident') : false);
  const end = location.end_time ? Date.parse(location.end_time) : now;
  return (
    <Stack gap="md" p="sm" pt={0}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <BackButton label="Back to the list" onBack={onBack} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h4">
            {incidentPlace(location)}
          </Title>
          <Group gap="xs">
            <IncidentStatusBadge location={location} />
            <Text size="sm" c="gray.7">
              {formatTime(location.start_time)}
            </Text>
          </Group>
        </Stack>
      </Group>
      <DetailField label="Lat/Lon">
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <span>{formatLatLng(location)}</span>
          <CopyValueButton value={formatLatLng(location)} label="Copy Lat/Lon" />
        </Group>
      </DetailField>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="gray.7">
          Roadway heading
        </Text>
        <Group gap="xs">
          <HeadingText heading={location.roadway_heading} />
          <HeadingDial heading={location.roadway_heading} />
        </Group>
      </Group>
      <DetailField label="Extent">{extentSummary(location.features)}</DetailField>
      <DetailField label="Start">{formatTime(location.start_time)}</DetailField>
      <DetailField label="End">{formatTime(location.end_time)}</DetailField>
      <DetailField label="Duration">{formatDuration(end - Date.parse(location.start_time))}</DetailField>
      <DetailField label="Navigation app message">{location.alert_message}</DetailField>
      <AlertReachField kind="incident" sourceId={location.id} />
      <DetailField label="System ID">
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <span>{location.external_id}</span>
          <CopyValueButton value={location.external_id} label="Copy System ID" />
        </Group>
      </DetailField>
      {canEdit && (
        <Button component={Link} to="edit" variant="light" leftSection={<IconEdit size={16} />}>
          Edit Location
        </Button>
      )}
      <Divider />
      <IncidentVehicles title="Active vehicles" vehicles={location.things_active} />
      <IncidentVehicles title="Inactive vehicles" vehicles={location.things_inactive} />
    </Stack>
  );
}
