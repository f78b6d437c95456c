/**
 * Edit Location at events/{incidentId}/edit: the position set by dragging the
 * marker on the map (under 100 m from where the incident was detected), the roadway heading, the
 * extent (its point, or a line or polygon drawn on the map, or a circle of a radius), Save and
 * Cancel, the instructions, and the update's errors.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { polygonOf, type LngLat } from '@flare/core/areas/area-geometry';
import { countOf } from '@flare/core/text';
import {
  EXTENT_CIRCLE_RADIUS_M,
  EXTENT_KINDS,
  EXTENT_LABELS,
  extentError,
  IncidentExtentSchema,
  type ExtentKind,
  type IncidentExtent,
} from '@flare/core/incidents/incident-extent';
import { useNavigate, useParams } from 'react-router';
import {
  formatLatLng,
  INCIDENT_MESSAGES,
  IncidentUpdateSchema,
  incidentPlace,
  incidentUpdateError,
  type Incident,
} from '@flare/core/schemas/incident';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { DetailField } from '../../../components/ui/detail-field';
import { ApiError } from '../../../lib/api-client';
import { usePref } from '../../../lib/prefs';
import { useUpdateIncident } from '../api/update-incident';
import { useLiveIncident, useLiveIncidents } from '../live/live-incidents-store';
import { centreOnIncident } from '../locate-incident';
import { extentPoints, incidentDraft, useIncidentDraft, type IncidentDraft } from './incident-draft';
import { useDraft } from '../../../lib/draft-store';
import { IncidentInstructionsDialog } from './incident-instructions-dialog';
import { HelpTip } from '../../../components/ui/help-tip';

export function EditIncidentScreen() {
  const { incidentId = '' } = useParams();
  const location = useLiveIncident(incidentId);
  const { loaded } = useLiveIncidents();
  if (!location) {
    return (
      <Stack p="sm">
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
  return <EditLocationForm location={location} />;
}

function EditLocationForm({ location }: { location: Incident }) {
  const navigate = useNavigate();
  const [dismissed] = usePref('locationInstructionsDismissed');
  const [instructions, setInstructions] = useState(!dismissed);
  const [heading, setHeading] = useState<number | string>(location.roadway_heading ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const update = useUpdateIncident();
  const draft = useIncidentDraft();

  // The draft (and the map's draggable marker) lives as long as this screen.
  useEffect(() => {
    const { features } = location;
    incidentDraft.begin(
      location.id,
      { lat: location.start_lat, lng: location.start_lng },
      { lat: location.lat, lng: location.lng },
      { kind: features.type, radius: features.type === 'Circle' ? features.radius : DEFAULT_RADIUS_M },
    );
    const points = drawnPoints(features);
    if (points) extentPoints.begin({ line: points });
    centreOnIncident(location);
    return () => incidentDraft.end();
    // Begun once per incident: live changes to it do not move the marker being set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.id]);

  const points = useDraft(extentPoints)?.line ?? [];
  const chooseExtent = (kind: ExtentKind) => {
    incidentDraft.setExtent({ kind });
    const drawn = drawnPoints(location.features);
    if (kind === 'LineString' || kind === 'Polygon')
      extentPoints.begin({ line: location.features.type === kind && drawn ? drawn : [] });
    else extentPoints.end();
  };

  const back = () => void navigate('..', { relative: 'path' });
  const save = () => {
    if (!draft) return setInvalid(INCIDENT_MESSAGES.setPosition);
    const parsed = IncidentUpdateSchema.safeParse({
      lat: draft.position.lat,
      lng: draft.position.lng,
      roadway_heading: typeof heading === 'number' ? heading : Number.NaN,
      organization_id: location.organization_id,
    });
    if (!parsed.success) return setInvalid(INCIDENT_MESSAGES.headingRange);
    const extent = IncidentExtentSchema.safeParse(extentOf(draft, points));
    if (!extent.success)
      return setInvalid(extent.error.issues[0]?.message ?? INCIDENT_MESSAGES.unableToUpdate);
    const extentProblem = extentError(extent.data, draft.position);
    if (extentProblem) return setInvalid(extentProblem);
    parsed.data.features = extent.data;
    setInvalid(null);
    update.mutate({ locationId: location.id, update: parsed.data }, { onSuccess: back });
  };
  const failure = update.error
    ? update.error instanceof ApiError
      ? incidentUpdateError(update.error.status, update.error.message)
      : INCIDENT_MESSAGES.unableToUpdate
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
        {location.external_id}, {incidentPlace(location)}
      </Text>
      <DetailField label="New Lat/Lon">{draft ? formatLatLng(draft.position) : '—'}</DetailField>
      {draft?.refused && (
        <Alert color="orange" role="alert" title="Not moved">
          {INCIDENT_MESSAGES.tooFar}
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
      <Stack gap={4}>
        <Text size="sm" fw={500} id="extent-label">
          Extent
        </Text>
        <SegmentedControl
          aria-labelledby="extent-label"
          data={EXTENT_KINDS.map((kind) => ({ value: kind, label: EXTENT_LABELS[kind] }))}
          value={draft?.extent.kind ?? location.features.type}
          onChange={(kind) => chooseExtent(kind)}
        />
        <Text size="xs" c="gray.7">
          {EXTENT_HINTS[draft?.extent.kind ?? location.features.type]}
        </Text>
        {(draft?.extent.kind === 'LineString' || draft?.extent.kind === 'Polygon') && (
          <Text size="sm" role="status">
            {countOf(points.length, 'point')} drawn
          </Text>
        )}
      </Stack>
      {draft?.extent.kind === 'Circle' && (
        <NumberInput
          label="Radius (m)"
          min={EXTENT_CIRCLE_RADIUS_M.min}
          max={EXTENT_CIRCLE_RADIUS_M.max}
          clampBehavior="blur"
          allowNegative={false}
          allowDecimal={false}
          value={draft.extent.radius}
          onChange={(radius) => incidentDraft.setExtent({ radius: typeof radius === 'number' ? radius : 0 })}
        />
      )}
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
      <IncidentInstructionsDialog opened={instructions} onClose={() => setInstructions(false)} />
    </Stack>
  );
}

const DEFAULT_RADIUS_M = 100;

const EXTENT_HINTS: Record<ExtentKind, string> = {
  Point: 'The incident is its point on the map.',
  LineString:
    'Click points along the road the scene takes up; click the last one again to finish. Drag points to change it.',
  Circle: 'A circle around the incident, of the radius below.',
  Polygon: 'Click the corners of the area; click the first one again to close it. Drag corners to change it.',
};

/** A line's points or a polygon's corners (the ring not closed); null for a point or circle. */
function drawnPoints(extent: IncidentExtent): LngLat[] | null {
  if (extent.type === 'LineString') return extent.coordinates;
  if (extent.type === 'Polygon') return extent.coordinates[0]!.slice(0, -1);
  return null;
}

/** The extent the form describes, checked by the caller (a line or polygon may be short of points). */
function extentOf(draft: IncidentDraft, points: LngLat[]): unknown {
  const centre: LngLat = [draft.position.lng, draft.position.lat];
  switch (draft.extent.kind) {
    case 'Point':
      return { type: 'Point', coordinates: centre };
    case 'Circle':
      return { type: 'Circle', coordinates: centre, radius: draft.extent.radius };
    case 'LineString':
      return { type: 'LineString', coordinates: points };
    case 'Polygon':
      return points.length >= 3 ? polygonOf(points) : { type: 'Polygon', coordinates: [points] };
  }
}
