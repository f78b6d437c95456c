/**
 * "Edit Profile" at things/{thingId}/edit and .../edit/profile: nickname,
 * type and subtype, numbers, service switches and integrations; only changed fields are sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack, Switch } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { ThingSubtype, ThingType } from '@flare/core/schemas/reference';
import {
  NICKNAME_TAKEN,
  nicknameTakenMessage,
  THING_FIELD_MAX,
  THING_MESSAGES,
  type Thing,
} from '@flare/core/schemas/thing';
import {
  allowedThingTypes,
  subtypesOfType,
  thingProfileFormValues,
  ThingProfileFormSchema,
  updateThingInput,
  type ThingProfileForm,
} from '@flare/core/things/thing-edit';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { FormActions, FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { ApiError } from '../../../lib/api-client';
import { visibleError } from '../../../lib/field-error';
import { useThing } from '../api/get-thing';
import { useThingSubtypes } from '../api/get-thing-subtypes';
import { useThingTypes } from '../api/get-thing-types';
import { useUpdateThing } from '../api/update-thing';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { LoadFailed, LoadingForm, thingErrorMessage } from './form-parts';
import { IntegrationsFields } from './integrations-fields';
import { useBackToThing, useNavigateAfterSave } from './use-back-to-thing';
import { Authorization } from '../../../components/ui/authorization';

const TITLE = 'Edit Profile';

export function EditThingProfileScreen() {
  const { thingId = '' } = useParams();
  return <Authorization access="editThing">{() => <LoadProfile thingId={thingId} />}</Authorization>;
}

function LoadProfile({ thingId }: { thingId: string }) {
  const thing = useThing(thingId);
  const types = useThingTypes();
  const subtypes = useThingSubtypes();
  const back = useBackToThing();
  const failed = thing.error ?? types.error ?? subtypes.error;
  return (
    <FormScreen title={TITLE} subtitle={thing.data ? primaryDisplayName(thing.data) : null}>
      {failed ? (
        <LoadFailed error={failed} onBack={back} />
      ) : thing.data && types.data && subtypes.data ? (
        <ProfileForm key={thing.data.id} thing={thing.data} types={types.data} subtypes={subtypes.data} />
      ) : (
        <LoadingForm />
      )}
    </FormScreen>
  );
}

function ProfileForm({
  thing,
  types,
  subtypes,
}: {
  thing: Thing;
  types: ThingType[];
  subtypes: ThingSubtype[];
}) {
  const back = useBackToThing();
  const { saved, markSaved } = useNavigateAfterSave(THING_MESSAGES.profileSaved);
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateThing();
  // The form starts from the asset as first loaded; a refetch while editing does not reset it.
  const [defaults] = useState(() => thingProfileFormValues(thing));
  const form = useForm<ThingProfileForm>({
    resolver: zodResolver(ThingProfileFormSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, formState, setValue } = form;
  const { errors, touchedFields, dirtyFields, isDirty, isSubmitting, submitCount, isSubmitSuccessful } =
    formState;
  const submitFailed = submitCount > 0 && !isSubmitSuccessful;

  const typeId = useWatch({ control, name: 'thingTypeId' });
  // Emergency assets are offered only emergency types (by the type the asset has now).
  const typeOptions = useMemo(
    () =>
      allowedThingTypes(types, thing.thing_type).map((type) => ({
        value: type.id,
        label: type.display_name,
      })),
    [types, thing.thing_type],
  );
  const subtypeOptions = useMemo(
    () => subtypesOfType(subtypes, typeId).map((s) => ({ value: s.id, label: s.display_name })),
    [subtypes, typeId],
  );

  const onSubmit = async (values: ThingProfileForm) => {
    setServerError(null);
    try {
      await update.mutateAsync({ thingId: thing.id, input: updateThingInput(thing, values) });
      markSaved();
    } catch (error) {
      setServerError(thingErrorMessage(error));
      // The field says why: another asset of the organisation has the nickname.
      if (error instanceof ApiError && error.code === NICKNAME_TAKEN) {
        form.setError(
          'nickname',
          { type: 'server', message: nicknameTakenMessage(values.nickname.trim()) },
          { shouldFocus: true },
        );
      }
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <Stack gap="sm">
        <CountedTextInput
          control={control}
          name="nickname"
          label="Nickname"
          withAsterisk
          max={THING_FIELD_MAX}
          submitFailed={submitFailed}
        />
        <Controller
          control={control}
          name="thingTypeId"
          render={({ field }) => (
            <Select
              label="Type"
              withAsterisk
              data={typeOptions}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => {
                const next = value ?? '';
                if (next === field.value) return;
                field.onChange(next);
                // A new type clears the subtype.
                setValue('thingSubtypeId', null, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              ref={field.ref}
              error={visibleError(errors.thingTypeId, {
                touched: touchedFields.thingTypeId,
                dirty: dirtyFields.thingTypeId,
                submitFailed,
              })}
            />
          )}
        />
        <Controller
          control={control}
          name="thingSubtypeId"
          render={({ field }) => (
            <Select
              label="Subtype"
              data={subtypeOptions}
              value={field.value ?? null}
              placeholder={subtypeOptions.length === 0 ? 'No subtypes for this type' : 'None'}
              disabled={subtypeOptions.length === 0}
              clearable
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <CountedTextInput
          control={control}
          name="vinNumber"
          label="VIN"
          max={THING_FIELD_MAX}
          submitFailed={submitFailed}
        />
        <CountedTextInput
          control={control}
          name="plateNumber"
          label="Plate#"
          max={THING_FIELD_MAX}
          submitFailed={submitFailed}
        />
        <CountedTextInput
          control={control}
          name="registryNumber"
          label="Vehicle Id"
          max={THING_FIELD_MAX}
          submitFailed={submitFailed}
        />
        <Controller
          control={control}
          name="inService"
          render={({ field }) => (
            <Switch
              label="In service"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Controller
          control={control}
          name="isPubliclyReporting"
          render={({ field }) => (
            <Switch
              label="Publicly alerting"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <IntegrationsFields control={control} submitFailed={submitFailed} />
        <ServerErrorLine message={serverError} />
        <FormActions canSave={isDirty && !saved} submitting={isSubmitting} onCancel={back} />
      </Stack>
    </form>
  );
}
