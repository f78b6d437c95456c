/**
 * Edit Location at events/{eventId}/edit: the position set by dragging the
 * marker on the map (under 100 m from where the incident was detected), the roadway heading, Save
 * and Cancel, the instructions, and the update's errors.
 */
import { Alert, Button, Center, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  formatLatLng,
  LOCATION_MESSAGES,
  LocationUpdateSchema,
  locationPlace,
  locationUpdateError,
  type Location,
} from '@flare/core/schemas/location';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { DetailField } from '../../../components/ui/detail-field';
import { ApiError } from '../../../lib/api-client';
import { usePref } from '../../../lib/prefs';
import { useUpdateLocation } from '../api/update-location';
import { useLiveLocation, useLiveLocations } from '../live/live-locations-store';
import { centreOnLocation } from '../locate-location';
import { locationDraft, useLocationDraft } from './location-draft';
import { LocationInstructionsDialog } from './location-instructions-dialog';
import { HelpTip } from '../../../components/ui/help-tip';

export function EditLocationScreen() {
  const { eventId = '' } = useParams();
  const location = useLiveLocation(eventId);
  const { loaded } = useLiveLocations();
  if (!location) {
    return (
      <Stack p="sm">
        {loaded ? (
          <Text role="alert">{LOCATION_MESSAGES.notFound}</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading" />
          </Center>
        )}
      </Stack>
    );
  }
  return <EditLocationForm location={location} />;
}

function EditLocationForm({ location }: { location: Location }) {
  const navigate = useNavigate();
  const [dismissed] = usePref('locationInstructionsDismissed');
  const [instructions, setInstructions] = useState(!dismissed);
  const [heading, setHeading] = useState<number | string>(location.roadway_heading ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateLocation();
  const draft = useLocationDraft();

  // The draft (and the map's draggable marker) lives as long as this screen.
  useEffect(() => {
    locationDraft.begin(
      location.id,
      { lat: location.start_lat, lng: location.start_lng },
      { lat: location.lat, lng: location.lng },
    );
    centreOnLocation(location);
    return () => locationDraft.end();
    // Begun once per incident: live changes to it do not move the marker being set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.id]);

  const back = () => void navigate('..', { relative: 'path' });
  const save = () => {
    if (!draft) return setInvalid(LOCATION_MESSAGES.setPosition);
    const parsed = LocationUpdateSchema.safeParse({
      lat: draft.position.lat,
      lng: draft.position.lng,
      roadway_heading: typeof heading === 'number' ? heading : Number.NaN,
      organization_id: location.organization_id,
    });
    if (!parsed.success) return setInvalid(LOCATION_MESSAGES.headingRange);
    setInvalid(null);
    update.mutate({ locationId: location.id, update: parsed.data }, { onSuccess: back });
  };
  const failure = update.error
    ? update.error instanceof ApiError
      ? locationUpdateError(update.error.status, update.error.message)
      : LOCATION_MESSAGES.unableToUpdate
    : null;

  return (
    <Stack gap="md" p="sm" pt={0}>
      <Group justify="space-between">
        <Group gap={4} wrap="nowrap">
          <Title order={1} size="h4">
            Edit Location
          </Title>
          <HelpTip topic="locations" />
        </Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconInfoCircle size={14} />}
          onClick={() => setInstructions(true)}
        >
          View Instructions
        </Button>
      </Group>
      <Text size="sm">
        {location.external_id}, {locationPlace(location)}
      </Text>
      <DetailField label="New Lat/Lon">{draft ? formatLatLng(draft.position) : '—'}</DetailField>
      {draft?.refused && (
        <Alert color="orange" role="alert" title="Not moved">
          {LOCATION_MESSAGES.tooFar}
        </Alert>
      )}
      <NumberInput
        label="Roadway heading (°)"
        min={0}
        max={360}
        clampBehavior="strict"
        allowNegative={false}
        value={heading}
        onChange={setHeading}
      />
      {(invalid ?? failure) && (
        <Alert color="red" role="alert">
          {invalid ?? failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={back} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={save} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Group>
      <LocationInstructionsDialog opened={instructions} onClose={() => setInstructions(false)} />
    </Stack>
  );
}
