/** /welcome/reset/{email}/{resetToken}: a new password meeting the policy; back to sign-in after 2 s. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, List, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { PASSWORD_RULES } from '@flare/core/schemas/password';
import { ResetPasswordFormSchema, type ResetPasswordForm } from '@flare/core/schemas/recovery';
import { ApiError } from '../../lib/api-client';
import { useResetPassword } from './api/reset-password';
import { visibleError } from '../../lib/field-error';
import { WelcomeLayout } from './welcome-layout';

const BACK_TO_SIGN_IN_MS = 2000;

export function ResetPasswordScreen() {
  const { email, resetToken } = useParams<{ email: string; resetToken: string }>();
  const expired = (useLocation().state as { expired?: boolean } | null)?.expired;
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
    mode: 'onTouched',
  });
  const { errors, touchedFields, dirtyFields, isSubmitting, submitCount, isSubmitSuccessful } =
    form.formState;
  const submitFailed = submitCount > 0 && !isSubmitSuccessful;

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => void navigate('/welcome/signin', { replace: true }), BACK_TO_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const onSubmit = async (values: ResetPasswordForm) => {
    setResult(null);
    try {
      const answer = await reset.mutateAsync({ token: resetToken ?? '', password: values.password });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      const message =
        error instanceof ApiError && [0, 401, 404, 422, 429].includes(error.status)
          ? error.message
          : MESSAGES.passwordRequirements;
      setResult({ ok: false, message });
    }
  };

  return (
    <WelcomeLayout title="Choose a new password">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <Stack gap="md">
          {expired && (
            <Alert color="yellow" role="status">
              {MESSAGES.passwordExpired}
            </Alert>
          )}
          <Text size="sm">For {email}</Text>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.register('password')}
            error={visibleError(errors.password, {
              touched: touchedFields.password,
              dirty: dirtyFields.password,
              submitFailed,
            })}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            {...form.register('confirmation')}
            error={visibleError(errors.confirmation, {
              touched: touchedFields.confirmation,
              dirty: dirtyFields.confirmation,
              submitFailed,
            })}
          />
          <List size="sm" c="gray.7">
            {Object.values(PASSWORD_RULES).map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
          <Text size="sm" c="gray.7">
            {MESSAGES.passwordExpiryNote}
          </Text>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Button type="submit" loading={isSubmitting} disabled={result?.ok} fullWidth>
            Save Password
          </Button>
          <Anchor component={Link} to="/welcome/signin" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </WelcomeLayout>
  );
}
