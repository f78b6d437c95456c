/** /welcome/signin and /welcome/unlock/{email}/{unlockToken}: email, password, the three sign-in states. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { SignInFormSchema, type SignInForm } from '@flare/core/schemas/auth';
import { signInErrorView, type SignInErrorView } from '@flare/core/sign-in-errors';
import { canSee, SECTION_IDS, type SectionId } from '@flare/core/permissions/sections';
import { ApiError } from '../../lib/api-client';
import { signInWithPassword, startSession, takeSignOutReason, tokensFromQuery } from '../../lib/session';
import { visibleError } from './field-error';
import { WelcomeLayout } from './welcome-layout';

type Status = { kind: 'idle' } | { kind: 'success' } | { kind: 'error'; view: SignInErrorView };

/** Where to go after sign-in: the requested path when its section is allowed, else the default section. */
export function landingPath(
  requested: string | undefined,
  permissions: string[],
  defaultSection: string | undefined,
) {
  const match = requested ? /^\/dashboard\/([^/?#]+)/.exec(requested) : null;
  const section = match?.[1] as SectionId | undefined;
  if (
    requested &&
    section &&
    (SECTION_IDS as readonly string[]).includes(section) &&
    canSee(permissions, section)
  ) {
    return requested;
  }
  return defaultSection ? `/dashboard/${defaultSection}` : '/dashboard';
}

export function SignInScreen() {
  const params = useParams<{ email?: string; unlockToken?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => takeSignOutReason());
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<SignInForm>({
    resolver: zodResolver(SignInFormSchema),
    defaultValues: { email: params.email ?? '', password: '' },
    mode: 'onTouched',
  });
  const { errors, touchedFields, dirtyFields, isSubmitting, submitCount, isSubmitSuccessful } =
    form.formState;
  const submitFailed = submitCount > 0 && !isSubmitSuccessful;
  const email = useWatch({ control: form.control, name: 'email' });
  const [search] = useSearchParams();

  // Tokens handed over in the URL sign in at once (spec 1 section 2).
  useEffect(() => {
    const tokens = tokensFromQuery(search);
    if (!tokens) return;
    startSession(tokens)
      .then(async (profile) => {
        setStatus({ kind: 'success' });
        await navigate(landingPath(undefined, profile.permissions, profile.userAccess[0]), { replace: true });
      })
      .catch((error: unknown) => {
        const failure = error instanceof ApiError ? error : new ApiError(0, MESSAGES.unknownFailure);
        setStatus({ kind: 'error', view: signInErrorView({ status: failure.status, error: failure.code }) });
      });
  }, [search, navigate]);

  const onSubmit = async (values: SignInForm) => {
    setStatus({ kind: 'idle' });
    try {
      const profile = await signInWithPassword(values.email, values.password, params.unlockToken);
      setStatus({ kind: 'success' });
      const from = (location.state as { from?: string } | null)?.from;
      await navigate(landingPath(from, profile.permissions, profile.userAccess[0]), { replace: true });
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(0, MESSAGES.unknownFailure);
      if (failure.code === 'password_expired' && typeof failure.body.reset_token === 'string') {
        await navigate(`/welcome/reset/${encodeURIComponent(values.email)}/${failure.body.reset_token}`, {
          state: { expired: true },
        });
        return;
      }
      setStatus({
        kind: 'error',
        view: signInErrorView({
          status: failure.status,
          error: failure.code,
          description: failure.description,
        }),
      });
    }
  };

  return (
    <WelcomeLayout title="Sign in">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <Stack gap="md">
          {notice && (
            <Alert color="yellow" role="status">
              {notice}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            {...form.register('email')}
            error={visibleError(errors.email, {
              touched: touchedFields.email,
              dirty: dirtyFields.email,
              submitFailed,
            })}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            visible={showPassword}
            onVisibilityChange={setShowPassword}
            visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Hide password' : 'Show password' }}
            {...form.register('password')}
            error={visibleError(errors.password, {
              touched: touchedFields.password,
              dirty: dirtyFields.password,
              submitFailed,
            })}
          />
          <Anchor component={Link} to={`/welcome/forgot?email=${encodeURIComponent(email)}`} size="sm">
            Forgot password?
          </Anchor>
          {status.kind === 'error' && (
            <Alert color="red" role="alert" title="Sign-in failed">
              <Text size="sm">{status.view.message}</Text>
              {status.view.contactSupport && <Text size="sm">{MESSAGES.contactSupport}</Text>}
              {status.view.offerForgotPassword && (
                <Anchor component={Link} to={`/welcome/forgot?email=${encodeURIComponent(email)}`} size="sm">
                  Reset your password to reactivate your account
                </Anchor>
              )}
            </Alert>
          )}
          {status.kind === 'success' && (
            <Alert color="green" role="status">
              {MESSAGES.signInSuccess}
            </Alert>
          )}
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign In
          </Button>
        </Stack>
      </form>
    </WelcomeLayout>
  );
}
