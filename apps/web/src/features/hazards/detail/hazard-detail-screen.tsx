/**
 * One hazard at hazards/{hazardId}: type, severity and status, when and where it was reported and by
 * whom, its note and photo, and who resolved it when; users who may resolve hazards resolve an open
 * one after a confirmation. Opening it centres the map on it; Back returns to the report.
 */
import { Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import { BackButton, useUpOneLevel } from '../../../components/ui/back-button';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MAP_ZOOM } from '@flare/core/constants';
import { hazardErrorMessage } from '@flare/core/hazards/hazard-rules';
import { can } from '@flare/core/permissions/access';
import { HAZARD_MESSAGES, HAZARD_TYPES, type Hazard } from '@flare/core/schemas/hazard';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';
import { centreMap } from '../../../map/map-commands';
import { useHazard } from '../api/get-hazard';
import { useHazardPhoto } from '../api/get-hazard-photo';
import { useResolveHazard } from '../api/resolve-hazard';
import { SeverityBadge, StatusTag } from '../hazard-look';

const errorText = (error: Error, fallback: string) =>
  error instanceof ApiError ? hazardErrorMessage(error.status, error.message, fallback) : fallback;

export function HazardDetailScreen() {
  const { hazardId = '' } = useParams();
  const hazard = useHazard(hazardId);
  const back = useUpOneLevel();

  const position = hazard.data && ([hazard.data.lng, hazard.data.lat] as const);
  useEffect(() => {
    if (position) centreMap([position[0], position[1]], MAP_ZOOM.incidentLocate);
    // Centre once per hazard opened, not when it is resolved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [position?.[0], position?.[1]]);

  if (!hazard.data)
    return (
      <Stack p="sm">
        <BackButton label="Back to the report" onBack={back} />
        {hazard.error ? (
          <Text role="alert">{errorText(hazard.error, HAZARD_MESSAGES.notFound)}</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading" />
          </Center>
        )}
      </Stack>
    );
  return <HazardDetail hazard={hazard.data} onBack={back} />;
}

function HazardDetail({ hazard, onBack }: { hazard: Hazard; onBack: () => void }) {
  const profile = useSession()?.profile;
  const resolve = useResolveHazard();
  const mayResolve =
    hazard.status === 'open' && (profile ? can(profile.permissions, 'resolveHazard') : false);
  const latLng = `${hazard.lat.toFixed(5)}, ${hazard.lng.toFixed(5)}`;
  return (
    <Stack gap="md" p="sm" pt={0}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <BackButton label="Back to the report" onBack={onBack} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h4">
            {HAZARD_TYPES[hazard.hazard_type]}
          </Title>
          <Group gap="xs">
            <SeverityBadge severity={hazard.severity} />
            <StatusTag status={hazard.status} />
          </Group>
        </Stack>
      </Group>
      <DetailField label="Reported">{formatTime(hazard.reported_at)}</DetailField>
      <DetailField label="Reported by">
        {hazard.reported_by.name}
        {hazard.reported_by.kind === 'thing' ? ' (asset)' : ''}
      </DetailField>
      <DetailField label="Lat/Lon">
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <span>{latLng}</span>
          <CopyValueButton value={latLng} label="Copy Lat/Lon" />
        </Group>
      </DetailField>
      <DetailField label="Note">{hazard.note ?? '—'}</DetailField>
      {hazard.has_photo && <HazardPhoto hazardId={hazard.id} />}
      {hazard.resolved_at && (
        <>
          <DetailField label="Resolved">{formatTime(hazard.resolved_at)}</DetailField>
          <DetailField label="Resolved by">{hazard.resolved_by?.name ?? '—'}</DetailField>
        </>
      )}
      {mayResolve && (
        <ConfirmButton
          label="Resolve"
          title="Resolve hazard"
          question="Mark this hazard as resolved? It stays in the reports as resolved."
          confirmLabel="Resolve"
          pendingLabel="Saving..."
          pending={resolve.isPending}
          error={resolve.error ? errorText(resolve.error, HAZARD_MESSAGES.unableToResolve) : null}
          onConfirm={(done) => resolve.mutate(hazard.id, { onSuccess: done })}
          onReset={() => resolve.reset()}
        />
      )}
    </Stack>
  );
}

function HazardPhoto({ hazardId }: { hazardId: string }) {
  const photo = useHazardPhoto(hazardId);
  if (photo.isError)
    return (
      <Text size="sm" c="gray.7">
        {HAZARD_MESSAGES.photoUnavailable}
      </Text>
    );
  if (!photo.data) return <LoadingIndicator label="Loading the photo" />;
  return <Image src={photo.data} alt="Photo of the hazard" radius="sm" mah={320} fit="contain" />;
}
