/**
 * One's own profile: first and last name, phone and address (the address's labels and lists follow
 * the country; changing it clears the state). Without user update permission the fields are shown
 * read-only with a note. Save is enabled once the form changed and reads "Saving..." while it saves;
 * the server's refusal shows under the buttons; after saving, the session's profile is reloaded.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Fieldset, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@flare/core/messages';
import type { Profile } from '@flare/core/schemas/profile';
import {
  PHONE_MAX,
  ProfileFormSchema,
  USER_NAME_MAX,
  type ProfileFormInput,
  type ProfileFormValues,
} from '@flare/core/schemas/user';
import { updateUserErrorMessage } from '@flare/core/users/user-rules';
import { AddressFields } from '../../../components/ui/address-fields';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { ApiError } from '../../../lib/api-client';
import { loadProfile } from '../../../lib/session';
import { useUpdateUser } from '../api/update-user';

/** The form's values for the profile: absent parts as empty text. */
export function profileFormValues(profile: Profile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    address1: profile.address1 ?? '',
    address2: profile.address2 ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    postal_code: profile.postalCode ?? '',
    country_code: profile.countryCode ?? '',
  } satisfies ProfileFormInput;
}

export function ProfileForm({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const updateUser = useUpdateUser();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: profileFormValues(profile),
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;

  const submit = async ({ firstName, lastName, phone, ...address }: ProfileFormValues) => {
    setServerError(null);
    try {
      // The profile save's fields as the spec spells them (phonenumber, not phone).
      await updateUser.mutateAsync({
        userId: profile.id,
        input: { firstname: firstName, lastname: lastName, phonenumber: phone, ...address },
      });
      form.reset(profileFormValues(await loadProfile()));
    } catch (error) {
      setServerError(
        error instanceof ApiError
          ? updateUserErrorMessage(error.status, error.message)
          : MESSAGES.userFormSubmitFailed,
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="sm">
        {readOnly && (
          <Alert color="gray" py="xs">
            {MESSAGES.profileReadOnly}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={readOnly}>
          <Stack gap="sm">
            <CountedTextInput
              control={control}
              name="firstName"
              label="First name"
              withAsterisk
              max={USER_NAME_MAX}
              submitFailed={submitFailed}
            />
            <CountedTextInput
              control={control}
              name="lastName"
              label="Last name"
              withAsterisk
              max={USER_NAME_MAX}
              submitFailed={submitFailed}
            />
            <CountedTextInput
              control={control}
              name="phone"
              label="Phone"
              type="tel"
              max={PHONE_MAX}
              submitFailed={submitFailed}
            />
            <AddressFields control={control} setValue={form.setValue} submitFailed={submitFailed} optional />
          </Stack>
        </Fieldset>
        {!readOnly && (
          <>
            <FormActions
              canSave={formState.isDirty}
              submitting={formState.isSubmitting}
              onCancel={() => {
                setServerError(null);
                form.reset();
              }}
            />
            <ServerErrorLine message={serverError} />
          </>
        )}
      </Stack>
    </form>
  );
}
