/**
 * "New Asset" at things/new and in the accounts' Assets tab, for Org Admins and platform
 * administrators: registers a device (id, type, an organisation the user manages, optional nickname,
 * how it reports), shows its device credential once, then opens the new asset.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { Profile } from '@flare/core/schemas/profile';
import {
  DEVICE_ID_MAX,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  THING_FIELD_MAX,
  THING_MESSAGES,
} from '@flare/core/schemas/thing';
import type { IssuedDeviceCredential } from '@flare/core/things/device-credential';
import { createThingErrorMessage } from '@flare/core/things/thing-errors';
import {
  createThingInput,
  EMPTY_NEW_THING_FORM,
  NewThingFormSchema,
  registrableOrganizations,
  type NewThingForm,
} from '@flare/core/things/thing-edit';
import { FormActions, FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { ApiError } from '../../../lib/api-client';
import { visibleError } from '../../../lib/field-error';
import { useCreateThing } from '../api/create-thing';
import { useThingTypes } from '../api/get-thing-types';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { DeviceCredentialReveal } from '../device-credential/device-credential-reveal';
import { LoadFailed, LoadingForm } from './form-parts';
import { thingsPathOf } from './use-back-to-thing';
import { Authorization } from '../../../components/ui/authorization';

const DEVICE_TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

export function NewThingScreen() {
  return <Authorization access="registerThing">{(profile) => <NewThing profile={profile} />}</Authorization>;
}

function useToThings() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const list = thingsPathOf(pathname);
  return {
    cancel: () => void navigate({ pathname: list, search }),
    open: (thingId: string) => void navigate({ pathname: `${list}/${thingId}`, search }),
  };
}

function NewThing({ profile }: { profile: Profile }) {
  const types = useThingTypes();
  const to = useToThings();
  return (
    <FormScreen title="New Asset">
      {types.error ? (
        <LoadFailed error={types.error} onBack={to.cancel} />
      ) : types.data ? (
        <NewThingForm
          profile={profile}
          typeOptions={types.data.map((type) => ({ value: type.id, label: type.display_name }))}
        />
      ) : (
        <LoadingForm />
      )}
    </FormScreen>
  );
}

interface Option {
  value: string;
  label: string;
}

function NewThingForm({ profile, typeOptions }: { profile: Profile; typeOptions: Option[] }) {
  const to = useToThings();
  const create = useCreateThing();
  const [serverError, setServerError] = useState<string | null>(null);
  const [registered, setRegistered] = useState<{ id: string; credential: IssuedDeviceCredential } | null>(
    null,
  );
  const form = useForm<NewThingForm>({
    resolver: zodResolver(NewThingFormSchema),
    defaultValues: EMPTY_NEW_THING_FORM,
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  const organizationOptions = useMemo(
    () => registrableOrganizations(profile).map(({ id, name }) => ({ value: id, label: name })),
    [profile],
  );

  const onSubmit = async (values: NewThingForm) => {
    setServerError(null);
    try {
      const thing = await create.mutateAsync(createThingInput(values));
      setRegistered({ id: thing.id, credential: thing.device_credential });
    } catch (error) {
      setServerError(
        error instanceof ApiError
          ? createThingErrorMessage(error.status, error.message)
          : THING_MESSAGES.unknownFailure,
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <Stack gap="sm">
        <CountedTextInput
          control={control}
          name="deviceId"
          label="Device Id"
          withAsterisk
          max={DEVICE_ID_MAX}
          submitFailed={submitFailed}
        />
        <SelectField
          control={control}
          name="thingTypeId"
          label="Type"
          data={typeOptions}
          submitFailed={submitFailed}
        />
        <SelectField
          control={control}
          name="organizationId"
          label="Organization"
          data={organizationOptions}
          submitFailed={submitFailed}
        />
        <CountedTextInput
          control={control}
          name="nickname"
          label="Nickname"
          max={THING_FIELD_MAX}
          submitFailed={submitFailed}
        />
        <SelectField
          control={control}
          name="deviceType"
          label="Device type"
          data={DEVICE_TYPE_OPTIONS}
          submitFailed={submitFailed}
        />
        <ServerErrorLine message={serverError} />
        <FormActions
          canSave
          submitting={formState.isSubmitting}
          onCancel={to.cancel}
          saveLabel="Create"
          savingLabel="Creating..."
        />
      </Stack>
      <DeviceCredentialReveal
        issued={registered?.credential ?? null}
        onClose={() => registered && to.open(registered.id)}
      />
    </form>
  );
}

function SelectField({
  control,
  name,
  label,
  data,
  submitFailed,
}: {
  control: Control<NewThingForm>;
  name: FieldPath<NewThingForm>;
  label: string;
  data: Option[];
  submitFailed: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk
          data={data}
          placeholder="Choose"
          value={field.value || null}
          allowDeselect={false}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={visibleError(fieldState.error, {
            touched: fieldState.isTouched,
            dirty: fieldState.isDirty,
            submitFailed,
          })}
        />
      )}
    />
  );
}
