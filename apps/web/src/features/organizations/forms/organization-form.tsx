/**
 * The organisation form of the edit and new screens: name, type, time zone, responders type (for
 * those who may set it), contacts, the address (whose labels and lists follow the country) and the
 * map position; on the
 * new screen also the first Org Admin. Save is enabled
 * once the form changed and reads "Saving..." while it saves; the server's refusal shows under the
 * buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { defaultRespondersType, RESPONDERS_LABELS, RESPONDERS_TYPES } from '@flare/core/labels';
import {
  ORGANIZATION_NAME_MAX,
  OrganizationFormSchema,
  type OrganizationFormInput,
  type OrganizationFormValues,
  type OrganizationType,
} from '@flare/core/schemas/organization';
import { USER_NAME_MAX } from '@flare/core/schemas/user';
import { AddressFields } from '../../../components/ui/address-fields';
import { ControlledSelect } from '../../../components/ui/controlled-select';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { MapPositionInput } from '../../../components/ui/map-position-input';

export function OrganizationForm({
  defaultValues,
  types,
  withAdmin = false,
  withResponders,
  saveLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: OrganizationFormInput;
  types: OrganizationType[];
  /** The new-organisation screen asks for the first Org Admin too. */
  withAdmin?: boolean;
  /** Whether the user may choose the responders type (Org Admins and platform administrators). */
  withResponders: boolean;
  saveLabel?: string;
  /** Resolves to the error to show, or null on success. */
  onSubmit: (values: OrganizationFormValues) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<OrganizationFormInput, unknown, OrganizationFormValues>({
    resolver: zodResolver(OrganizationFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const timeZones = useMemo(() => timeZoneOptions(defaultValues.timezone), [defaultValues.timezone]);
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  const submit = async (values: OrganizationFormValues) => {
    setServerError(null);
    setServerError(await onSubmit(values));
  };
  const text = (name: 'email' | 'phone_number' | 'cell_phone_number' | 'contact_name', label: string) => (
    <CountedTextInput control={control} name={name} label={label} submitFailed={submitFailed} />
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="sm">
        <CountedTextInput
          control={control}
          name="name"
          label="Name"
          withAsterisk
          max={ORGANIZATION_NAME_MAX}
          submitFailed={submitFailed}
        />
        <ControlledSelect
          control={control}
          name="organization_type_id"
          label="Organization type"
          withAsterisk
          onChosen={(typeId) => {
            // A new organisation's responders type follows its type until the user chooses one.
            const type = types.find((candidate) => candidate.id === typeId);
            if (withAdmin && type && !form.getFieldState('responders_type').isDirty)
              form.setValue('responders_type', defaultRespondersType(type.name));
          }}
          data={types.map((type) => ({ value: type.id, label: type.display_name }))}
          submitFailed={submitFailed}
        />
        <ControlledSelect
          control={control}
          name="timezone"
          label="Time zone"
          searchable
          nothingFoundMessage="No such time zone"
          data={timeZones}
          submitFailed={submitFailed}
        />
        {withResponders && (
          <ControlledSelect
            control={control}
            name="responders_type"
            label="Responders"
            description="With all assets responders, events are called Incidents; otherwise Events."
            styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
            data={RESPONDERS_TYPES.map((type) => ({ value: type, label: RESPONDERS_LABELS[type] }))}
            submitFailed={submitFailed}
          />
        )}
        {text('contact_name', 'Contact name')}
        {text('email', 'Email')}
        {text('phone_number', 'Phone number')}
        {text('cell_phone_number', 'Cell phone number')}
        <AddressFields
          control={control}
          setValue={form.setValue}
          submitFailed={submitFailed}
          streetRequired
        />
        <MapPositionInput
          control={control}
          name="position"
          label="Map position (lat, lng)"
          description="Where the organization's maps open while it has no asset or incident to show. Right-click the map to copy a position."
          submitFailed={submitFailed}
        />
        {withAdmin && (
          <>
            <Title order={2} size="h5" mt="sm">
              First Org Admin
            </Title>
            <CountedTextInput
              control={control}
              name="admin.firstname"
              label="First name"
              withAsterisk
              max={USER_NAME_MAX}
              submitFailed={submitFailed}
            />
            <CountedTextInput
              control={control}
              name="admin.lastname"
              label="Last name"
              withAsterisk
              max={USER_NAME_MAX}
              submitFailed={submitFailed}
            />
            <CountedTextInput
              control={control}
              name="admin.email"
              label="Admin email"
              type="email"
              withAsterisk
              submitFailed={submitFailed}
            />
          </>
        )}
        <FormActions
          canSave={formState.isDirty}
          submitting={formState.isSubmitting}
          onCancel={onCancel}
          saveLabel={saveLabel}
        />
        <ServerErrorLine message={serverError} />
      </Stack>
    </form>
  );
}

/** The time zones the browser knows, with the organisation's own even if it is not among them (e.g. UTC). */
function timeZoneOptions(current: string | undefined): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
