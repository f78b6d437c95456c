/**
 * A closure's detail: description, type, status, asset, times, lanes, direction, work-zone fields,
 * owner and its activity history; Edit and Delete (after a confirmation) for those who may, never for feed closures (their
 * feed manages them). The delete dialog's error goes when the dialog closes.
 */
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { mayDeleteClosure, mayEditClosure } from '@flare/core/permissions/closure-access';
import {
  CLOSURE_MESSAGES,
  closureDeleteErrorMessage,
  LOCATION_METHODS,
  VEHICLE_IMPACTS,
  type Closure,
} from '@flare/core/schemas/closure';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { BackButton, TitleWithBack, useUpOneLevel } from '../../../components/ui/back-button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
import { AlertReachField } from '../../../components/alerts/alert-reach-field';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { Tag } from '../../../components/ui/tag';
import { ApiError } from '../../../lib/api-client';
import { callerOf } from '../../../lib/caller';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteClosure } from '../api/delete-closure';
import { useClosure } from '../api/get-closures';
import { CLOSURE_STATUS_LOOK, CLOSURE_TYPE_LABELS, CLOSURES_PATH } from '../closure-look';
import { formatWhen } from '../../../lib/format-time';
import { ClosureHistory } from './closure-history';

export function ClosureDetailScreen() {
  const { closureId = '' } = useParams();
  const { closure, loaded } = useClosure(closureId);
  const back = useUpOneLevel();
  if (!closure)
    return (
      <Stack p="sm">
        <BackButton label="Back to closures" onBack={back} />
        {loaded ? (
          <Text role="alert">{CLOSURE_MESSAGES.notFound}</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading closure" />
          </Center>
        )}
      </Stack>
    );
  return <ClosureDetail closure={closure} onBack={back} />;
}

function ClosureDetail({ closure, onBack }: { closure: Closure; onBack: () => void }) {
  const profile = useSession()?.profile;
  const isMobile = useIsMobile();
  const subject = { organizationId: closure.organization.id, closureType: closure.closure_type };
  const canEdit = !!profile && mayEditClosure(callerOf(profile), subject, isMobile ? 'mobile' : 'desktop');
  const canDelete = !!profile && mayDeleteClosure(callerOf(profile), subject);
  const look = CLOSURE_STATUS_LOOK[closure.status];
  return (
    <Stack gap="sm" p="sm" pt={0}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <TitleWithBack backLabel="Back to closures" onBack={onBack}>
          {closure.description}
        </TitleWithBack>
        {canEdit ? (
          <Button component={Link} to="edit" variant="default" size="xs">
            Edit
          </Button>
        ) : (
          <Button variant="default" size="xs" disabled>
            Edit
          </Button>
        )}
      </Group>
      <Group gap="xs">
        <Tag tone={look.tone}>{look.label}</Tag>
        {!closure.is_in_service && <Tag tone="neutral">Out of service</Tag>}
        {closure.is_publish_on && <Tag tone="info">WZDx</Tag>}
      </Group>
      {closure.closure_type === 'feed' && (
        <Text size="sm" c="gray.7">
          From a work-zone feed, which manages it: it cannot be edited or deleted here.
        </Text>
      )}
      <Stack gap={6}>
        <DetailField label="Type">{CLOSURE_TYPE_LABELS[closure.closure_type]}</DetailField>
        {closure.thing && <DetailField label="Asset">{primaryDisplayName(closure.thing)}</DetailField>}
        {closure.alert_message && <DetailField label="Alert Message">{closure.alert_message}</DetailField>}
        <AlertReachField kind="closure" sourceId={closure.id} />
        <DetailField label="Start">{formatWhen(closure.start_time)}</DetailField>
        <DetailField label="End">{formatWhen(closure.end_time)}</DetailField>
        {closure.is_scheduled && <DetailField label="Scheduled">Yes</DetailField>}
        <DetailField label="Direction">{closure.direction ?? '—'}</DetailField>
        <DetailField label="Impacted lanes">{closure.impacted_lanes.join(', ') || '—'}</DetailField>
        {closure.road_names.length > 0 && (
          <DetailField label="Road names">{closure.road_names.join(', ')}</DetailField>
        )}
        {(closure.street_start || closure.street_end) && (
          <DetailField label="Streets">
            {[closure.street_start, closure.street_end].filter(Boolean).join(' to ')}
          </DetailField>
        )}
        {closure.is_publish_on && (
          <>
            <DetailField label="Work-zone ID">{closure.external_id}</DetailField>
            <DetailField label="Location method">
              {closure.location_method && LOCATION_METHODS[closure.location_method]}
            </DetailField>
            <DetailField label="Vehicle impact">
              {closure.vehicle_impact && VEHICLE_IMPACTS[closure.vehicle_impact]}
            </DetailField>
          </>
        )}
        {closure.feed && (
          <>
            <DetailField label="Feed">{closure.feed.url}</DetailField>
            <DetailField label="Road event ID">{closure.feed.event_id}</DetailField>
          </>
        )}
        <DetailField label="Owner">{closure.organization.name}</DetailField>
      </Stack>
      <ClosureHistory closure={closure} />
      <DeleteClosure closure={closure} disabled={!canDelete} />
    </Stack>
  );
}

function DeleteClosure({ closure, disabled }: { closure: Closure; disabled: boolean }) {
  const navigate = useNavigate();
  const deletion = useDeleteClosure();
  return (
    <ConfirmDeleteButton
      title="Delete Closure"
      question={`Delete the closure “${closure.description}”? This cannot be undone.`}
      disabled={disabled}
      pending={deletion.isPending}
      error={
        deletion.error instanceof ApiError
          ? closureDeleteErrorMessage(deletion.error.status, deletion.error.message)
          : deletion.error
            ? CLOSURE_MESSAGES.unableToDelete
            : null
      }
      // Not mutate's onSuccess: that is skipped once this screen has gone, which the live feed's news
      // of the deletion (or the list's reload) can make happen before the answer arrives. A failure
      // shows through the mutation's error.
      onDelete={() =>
        void deletion.mutateAsync(closure.id).then(
          () => navigate(CLOSURES_PATH),
          () => undefined,
        )
      }
      onReset={deletion.reset}
    />
  );
}
