/**
 * The Report hazard form at a point of the map: type, severity (medium at first), an optional note
 * (500 characters) and photo (JPEG, PNG or WebP up to 5 MB, checked when picked). "Saving..." while
 * it is sent; the server's refusal shows above the buttons; once reported, it says so and offers the
 * hazard in the Hazards section to those who see it. It is reported for the organisation on show
 * unless the user only accesses that one (then for their own: core's hazard-access rule), as it says.
 */
import { Button, FileInput, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { hazardErrorMessage, hazardPhotoProblem } from '@flare/core/hazards/hazard-rules';
import { can } from '@flare/core/permissions/access';
import { hazardReportOrganization } from '@flare/core/permissions/hazard-access';
import {
  HAZARD_MESSAGES,
  HAZARD_NOTE_MAX,
  HAZARD_PHOTO,
  HAZARD_SEVERITIES,
  HAZARD_TYPES,
  ReportHazardFormSchema,
  type Hazard,
  type HazardPhotoType,
  type ReportHazardForm as FormValues,
} from '@flare/core/schemas/hazard';
import { CharacterCounter } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { LngLat } from '../../../map/map-commands';
import { useReportHazard } from '../api/report-hazard';
import { HAZARDS_PATH } from '../hazard-search';
import { base64Of } from '../photo-data';

const TYPE_OPTIONS = Object.entries(HAZARD_TYPES).map(([value, label]) => ({ value, label }));

export function ReportHazardForm({ position, onClose }: { position: LngLat; onClose: () => void }) {
  const [lng, lat] = position;
  const report = useReportHazard();
  const reportFor = useReportingOrganization();
  const [reported, setReported] = useState<Hazard | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(ReportHazardFormSchema),
    // No type chosen yet: the schema refuses it with "Select a hazard type".
    defaultValues: { hazard_type: undefined, severity: 'medium', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const note = useWatch({ control: form.control, name: 'note' });

  if (reported) return <Reported hazard={reported} onClose={onClose} />;

  const pickPhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoError(file ? hazardPhotoProblem(file) : null);
  };
  const submit = form.handleSubmit(async (values) => {
    if (photoError) return;
    const data = photo ? await base64Of(photo) : null;
    const hazard = await report
      .mutateAsync({
        ...values,
        ...(reportFor ? { organization_id: reportFor.id } : {}),
        lat,
        lng,
        note: values.note || null,
        photo: photo && data ? { content_type: photo.type as HazardPhotoType, data } : null,
      })
      .catch(() => null);
    if (hazard) setReported(hazard);
  });
  const serverError =
    report.error instanceof ApiError
      ? hazardErrorMessage(report.error.status, report.error.message, HAZARD_MESSAGES.unableToSave)
      : report.error
        ? HAZARD_MESSAGES.unableToSave
        : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Report hazard">
      <Stack gap="sm">
        <Text size="sm">
          Location: {lat.toFixed(5)}, {lng.toFixed(5)}
        </Text>
        {reportFor && <Text size="sm">For: {reportFor.name}</Text>}
        <Controller
          control={form.control}
          name="hazard_type"
          render={({ field }) => (
            <Select
              label="Hazard type"
              placeholder="Select a hazard type"
              data={TYPE_OPTIONS}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={errors.hazard_type?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="severity"
          render={({ field }) => (
            <Radio.Group
              label="Severity"
              value={field.value}
              onChange={field.onChange}
              error={errors.severity?.message}
            >
              <Group gap="md" mt={4}>
                {Object.entries(HAZARD_SEVERITIES).map(([value, label]) => (
                  <Radio key={value} value={value} label={label} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Textarea
          label="Note"
          autosize
          minRows={2}
          {...form.register('note')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={<CharacterCounter length={note.length} max={HAZARD_NOTE_MAX} />}
          error={errors.note?.message}
        />
        <FileInput
          label="Photo"
          description="JPEG, PNG or WebP, up to 5 MB"
          // Says what the empty field is for: an empty box did not read as a file picker.
          placeholder="Choose a photo…"
          leftSection={<IconPhoto size={16} aria-hidden />}
          accept={HAZARD_PHOTO.contentTypes.join(',')}
          clearable
          value={photo}
          onChange={pickPhoto}
          error={photoError}
        />
        <ServerErrorLine message={serverError} />
        <FormActions canSave submitting={isSubmitting} onCancel={onClose} saveLabel="Report" />
      </Stack>
    </form>
  );
}

function Reported({ hazard, onClose }: { hazard: Hazard; onClose: () => void }) {
  const profile = useSession()?.profile;
  const navigate = useNavigate();
  // The Hazards section is desktop only.
  const mayView = !useIsMobile() && (profile ? can(profile.permissions, 'viewHazards') : false);
  return (
    <Stack gap="sm">
      <Text role="status">{HAZARD_MESSAGES.reported}</Text>
      <Group justify="flex-end" gap="sm">
        {mayView && (
          <Button
            variant="default"
            onClick={() => {
              onClose();
              void navigate(`${HAZARDS_PATH}/${hazard.id}`);
            }}
          >
            Open in Hazards
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

/** The organisation the report is for (core's rule), named; null before the profile is there. */
function useReportingOrganization(): { id: string; name: string } | null {
  const profile = useSession()?.profile;
  const onShow = useSubscribedOrganization();
  if (!profile || !onShow) return null;
  const managed = can(profile.permissions, 'platformAdmin') ? null : profile.managedOrgs.map((org) => org.id);
  const id = hazardReportOrganization(onShow.id, profile.userOrg.id, managed);
  return id === onShow.id ? onShow : profile.userOrg;
}
