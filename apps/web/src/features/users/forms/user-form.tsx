/**
 * The user form of the new and edit screens: first name, last name, email and
 * role, every one required; the roles offered are those the signed-in user may assign, by order.
 * Save is enabled once the form changed; the server's refusal shows under the buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Role } from '@flare/core/schemas/reference';
import { USER_NAME_MAX, UserFormSchema, type UserForm } from '@flare/core/schemas/user';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { visibleError } from '../../../lib/field-error';

export function UserFormFields({
  defaultValues,
  roles,
  roleLocked = false,
  saveLabel,
  savingLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: Partial<UserForm>;
  roles: Role[];
  /** One's own role is shown but not changed. */
  roleLocked?: boolean;
  saveLabel?: string;
  savingLabel?: string;
  /** Resolves to the error to show, or null on success. */
  onSubmit: (values: UserForm) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UserForm>({
    resolver: zodResolver(UserFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', ...defaultValues },
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  const submit = async (values: UserForm) => {
    setServerError(null);
    setServerError(await onSubmit(values));
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
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
          name="email"
          label="Email"
          type="email"
          withAsterisk
          submitFailed={submitFailed}
        />
        <Controller
          control={control}
          name="roleId"
          render={({ field, fieldState }) => (
            <Select
              label="Role"
              withAsterisk
              placeholder="Choose"
              data={roles.map((role) => ({ value: String(role.id), label: role.label }))}
              value={field.value === undefined ? null : String(field.value)}
              allowDeselect={false}
              disabled={roleLocked}
              onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
              onBlur={field.onBlur}
              ref={field.ref}
              error={visibleError(fieldState.error, {
                touched: fieldState.isTouched,
                dirty: fieldState.isDirty,
                submitFailed,
                disabled: roleLocked,
              })}
            />
          )}
        />
        <FormActions
          canSave={formState.isDirty}
          submitting={formState.isSubmitting}
          onCancel={onCancel}
          saveLabel={saveLabel}
          savingLabel={savingLabel}
        />
        <ServerErrorLine message={serverError} />
      </Stack>
    </form>
  );
}
