/** /welcome/forgot: e-mails a reset link; prefilled with the email typed on sign-in. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ForgotPasswordRequestSchema } from '@flare/core/schemas/recovery';
import { MESSAGES } from '@flare/core/messages';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useRequestPasswordReset } from './api/request-password-reset';
import { visibleError } from '../../lib/field-error';
import { WelcomeLayout } from './welcome-layout';

type ForgotForm = z.infer<typeof ForgotPasswordRequestSchema>;

export function ForgotPasswordScreen() {
  const [search] = useSearchParams();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotForm>({
    resolver: zodResolver(ForgotPasswordRequestSchema),
    defaultValues: { email: search.get('email') ?? '' },
    mode: 'onTouched',
  });
  const { errors, touchedFields, dirtyFields, isSubmitting, submitCount, isSubmitSuccessful } =
    form.formState;

  const onSubmit = async (values: ForgotForm) => {
    setResult(null);
    try {
      const answer = await requestReset.mutateAsync(values.email);
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: error instanceof ApiError ? error.message : MESSAGES.unknownFailure });
    }
  };

  return (
    <WelcomeLayout title="Forgot password">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={visibleError(errors.email, {
              touched: touchedFields.email,
              dirty: dirtyFields.email,
              submitFailed: submitCount > 0 && !isSubmitSuccessful,
            })}
          />
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Button type="submit" loading={isSubmitting} fullWidth>
            Reset password
          </Button>
          <Anchor component={Link} to="/welcome/signin" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </WelcomeLayout>
  );
}
