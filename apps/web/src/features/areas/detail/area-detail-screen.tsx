/**
 * An area's detail: name, description, type, lat/lon, address and owner; Edit (disabled for those who
 * may not change it), and Delete Area after a confirmation. A failed delete keeps the dialog open with
 * the reason; an area deleted already counts as deleted.
 */
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { mayDeleteArea, mayEditArea } from '@flare/core/permissions/area-access';
import { AREA_MESSAGES, areaDeleteErrorMessage, type Area } from '@flare/core/schemas/area';
import { BackButton, TitleWithBack, useUpOneLevel } from '../../../components/ui/back-button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteArea } from '../api/delete-area';
import { useArea } from '../api/get-areas';
import { callerOf } from '../../../lib/caller';
import { areaPlace } from '../list/filter-areas';

export function AreaDetailScreen() {
  const { areaId = '' } = useParams();
  const { area, data } = useArea(areaId);
  const back = useUpOneLevel();
  if (!area) {
    return (
      <Stack p="sm">
        <BackButton label="Back to areas" onBack={back} />
        {data ? (
          <Text role="alert">{AREA_MESSAGES.notFound}</Text>
        ) : (
          <Center>
            <LoadingIndicator label="Loading area" />
          </Center>
        )}
      </Stack>
    );
  }
  return <AreaDetail area={area} onBack={back} />;
}

function AreaDetail({ area, onBack }: { area: Area; onBack: () => void }) {
  const profile = useSession()?.profile;
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const deletion = useDeleteArea();
  const subject = { organizationId: area.organization_id, avType: area.ez_type.is_av_type };
  const canEdit = !!profile && !isMobile && mayEditArea(callerOf(profile), subject);
  const canDelete = !!profile && mayDeleteArea(callerOf(profile), subject);
  const deleteError =
    deletion.error instanceof ApiError
      ? areaDeleteErrorMessage(deletion.error.status)
      : deletion.error
        ? AREA_MESSAGES.unableToDelete
        : null;

  return (
    <Stack gap="sm" p="sm" pt={0}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <TitleWithBack backLabel="Back to areas" onBack={onBack}>
          {area.name}
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
      {area.desc && <Text size="sm">{area.desc}</Text>}
      <Stack gap={6}>
        <DetailField label="Type">{area.ez_type.display_name}</DetailField>
        <DetailField label="Lat/Lon">
          {area.lat.toFixed(6)}, {area.lng.toFixed(6)}
        </DetailField>
        {area.radius_dist > 0 && <DetailField label="Radius">{area.radius_dist} mi</DetailField>}
        <DetailField label="Address">{areaPlace(area)}</DetailField>
        {area.address2 && <DetailField label="Address 2">{area.address2}</DetailField>}
        {area.postal_code && <DetailField label="Postal code">{area.postal_code}</DetailField>}
        {area.country_code && <DetailField label="Country">{area.country_code}</DetailField>}
        <DetailField label="Owner">{area.organization_name}</DetailField>
      </Stack>
      <ConfirmDeleteButton
        title="Delete Area"
        question={`Delete the area “${area.name}”? This cannot be undone.`}
        disabled={!canDelete}
        pending={deletion.isPending}
        error={deleteError}
        onDelete={(done) =>
          deletion.mutate(area.id, {
            onSuccess: () => {
              done();
              void navigate('..', { relative: 'path' });
            },
          })
        }
        onReset={deletion.reset}
      />
    </Stack>
  );
}
