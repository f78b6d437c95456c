/**
 * Add a wrong-way-driver zone (zones/new) or edit one (zones/{id}/edit): its hotspot id, description,
 * alert message and default expiry, and its line drawn on the map point by point; an existing zone
 * can be deleted here after a confirmation.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { mayManageZone } from '@flare/core/permissions/zone-access';
import { countOf } from '@flare/core/text';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import {
  ZoneInputSchema,
  ZONE_ALERT_MESSAGE_MAX,
  ZONE_DEFAULT_EXPIRY_MINUTES,
  ZONE_DESCRIPTION_MAX,
  ZONE_EXPIRY_MINUTES_MAX,
  ZONE_EXPIRY_MINUTES_MIN,
  ZONE_HOTSPOT_ID_MAX,
  ZONE_MESSAGES,
  ZONE_TYPE,
  ZoneFormSchema,
  zoneSaveErrorMessage,
  type Zone,
  type ZoneFormInput,
} from '@flare/core/schemas/zone';
import type { z } from 'zod';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
import { ControlledNumberInput } from '../../../components/ui/controlled-number-input';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { callerOf } from '../../../lib/caller';
import { useDeleteZone } from '../api/delete-zone';
import { useZone } from '../api/get-zones';
import { useSaveZone } from '../api/save-zone';
import { centreOnZone } from '../locate-zone';
import { zoneDraft, useZoneDraft } from '../zone-draft';
import { ZONES_PATH } from '../zone-paths';
import { Authorization, EditRoute } from '../../../components/ui/authorization';
import { DrawingFormScreen } from '../../../components/ui/drawing-form-screen';

type ZoneFormValues = z.infer<typeof ZoneFormSchema>;

export function NewZoneScreen() {
  // A new zone is added to the organisation on show (api-client's scoped create).
  return (
    <Authorization
      allowed={(profile) =>
        mayManageZone(callerOf(profile), { organizationId: subscribedOrganizationOf(profile).id })
      }
    >
      {() => <ZoneForm zone={null} />}
    </Authorization>
  );
}

export function EditZoneScreen() {
  const { zoneId = '' } = useParams();
  const { zone, data } = useZone(zoneId);
  return (
    <EditRoute
      title="Edit Zone"
      loadingLabel="Loading zone"
      notFound={ZONE_MESSAGES.notFound}
      item={zone}
      loaded={!!data}
      allowed={(profile, found) =>
        mayManageZone(callerOf(profile), { organizationId: found.organization_id })
      }
    >
      {(_, found) => <ZoneForm key={found.id} zone={found} />}
    </EditRoute>
  );
}

const lineOf = (zone: Zone | null) => zone?.features.features[0]?.geometry.coordinates ?? [];

function ZoneForm({ zone }: { zone: Zone | null }) {
  const navigate = useNavigate();
  const save = useSaveZone();
  const draft = useZoneDraft();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ZoneFormInput, unknown, ZoneFormValues>({
    resolver: zodResolver(ZoneFormSchema),
    defaultValues: {
      hotspot_id: zone?.external_id ?? '',
      description: zone?.description ?? '',
      alert_message: zone?.alert_message ?? '',
      default_expiry_minutes: zone?.default_expiry_minutes ?? ZONE_DEFAULT_EXPIRY_MINUTES,
    },
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  // The draft (and the drawing on the map) lives as long as this screen.
  useEffect(() => {
    zoneDraft.begin({ line: lineOf(zone) });
    if (zone) centreOnZone(zone);
    return () => zoneDraft.end();
  }, [zone]);

  if (!draft) return <PanelLoading label="Loading" />;

  const submit = async (values: ZoneFormValues) => {
    setProblem(null);
    const parsed = ZoneInputSchema.safeParse({
      ...values,
      type: ZONE_TYPE,
      geom_type: 'polyline',
      geometry: { type: 'LineString', coordinates: draft.line },
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ZONE_MESSAGES.unableToSave);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: zone?.id ?? null, input: parsed.data });
      void navigate(`${ZONES_PATH}/${saved.id}`);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? zoneSaveErrorMessage(error.status, error.message)
          : ZONE_MESSAGES.unableToSave,
      );
    }
  };

  return (
    <DrawingFormScreen
      title={zone ? 'Edit Zone' : 'Add Zone'}
      subtitle={zone?.external_id}
      status={
        <Text size="sm" c="gray.7">
          Draw the zone&apos;s line on the map.
        </Text>
      }
      instructions={{
        title: 'Drawing a zone',
        pref: 'zoneInstructionsDismissed',
        steps: (
          <>
            <List.Item>Click on the map for each point of the line, along the roadway.</List.Item>
            <List.Item>Click the last point again (or press Enter) to finish the line.</List.Item>
            <List.Item>Drag a point to move it; Redraw starts again.</List.Item>
            <List.Item>Fill in the hotspot ID, then Save.</List.Item>
          </>
        ),
      }}
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {countOf(draft.line.length, 'point')} drawn
            </Text>
            <Button variant="default" size="xs" onClick={() => zoneDraft.change({ line: [] })}>
              Redraw
            </Button>
          </Group>
          <CountedTextInput
            control={control}
            name="hotspot_id"
            label="Hotspot ID"
            hint="The id your wrong-way-driver detection system (or road agency) uses for this stretch of road, so its alerts name this zone. Unique in your organisation."
            withAsterisk
            max={ZONE_HOTSPOT_ID_MAX}
            submitFailed={submitFailed}
          />
          <CountedTextInput
            control={control}
            name="description"
            label="Description"
            max={ZONE_DESCRIPTION_MAX}
            submitFailed={submitFailed}
          />
          <CountedTextInput
            control={control}
            name="alert_message"
            label="Alert Message"
            max={ZONE_ALERT_MESSAGE_MAX}
            submitFailed={submitFailed}
          />
          <ControlledNumberInput
            control={control}
            name="default_expiry_minutes"
            label="Default Expiry (minutes)"
            description="How long an incident on the zone keeps it active, from the incident's start, unless it ends sooner."
            withAsterisk
            min={ZONE_EXPIRY_MINUTES_MIN}
            max={ZONE_EXPIRY_MINUTES_MAX}
            allowDecimal={false}
            allowNegative={false}
            submitFailed={submitFailed}
          />
          <FormActions
            canSave={!formState.isSubmitting}
            submitting={formState.isSubmitting}
            onCancel={() => void navigate(zone ? `${ZONES_PATH}/${zone.id}` : ZONES_PATH)}
          />
          <ServerErrorLine message={problem} />
        </Stack>
      </form>
      {zone && <DeleteZone zone={zone} />}
    </DrawingFormScreen>
  );
}

function DeleteZone({ zone }: { zone: Zone }) {
  const navigate = useNavigate();
  const deletion = useDeleteZone();
  return (
    <ConfirmDeleteButton
      title="Delete Zone"
      question={`Delete the zone “${zone.external_id}”? This cannot be undone.`}
      pending={deletion.isPending}
      error={deletion.error ? ZONE_MESSAGES.unableToDelete : null}
      // Not mutate's onSuccess: that is skipped once this screen has gone, which the live feed's news
      // of the deletion (or the list's reload) can make happen before the answer arrives. A failure
      // shows through the mutation's error.
      onDelete={() =>
        void deletion.mutateAsync(zone.id).then(
          () => navigate(ZONES_PATH),
          () => undefined,
        )
      }
      onReset={deletion.reset}
    />
  );
}
