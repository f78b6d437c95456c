/**
 * /welcome/signin and /welcome/unlock/{email}/{unlockToken}: email, password, the three sign-in states;
 * the single sign-on button when the server offers it, and the outcome the provider's trip hands back.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { SignInFormSchema, type SignInForm } from '@flare/core/schemas/auth';
import { singleSignOnErrorView, type SignInErrorView } from '@flare/core/sign-in-errors';
import { SIGN_IN_CODE_PARAM, SIGN_IN_ERROR_PARAM } from '@flare/core/schemas/single-sign-on';
import { canSee, SECTION_IDS, type SectionId } from '@flare/core/permissions/sections';
import { ApiError } from '../../lib/api-client';
import { refreshUserToken } from '../../lib/api/refresh-user-token';
import { startSession, takeSignOutReason, tokensFromQuery } from '../../lib/session';
import { useCreateUserToken } from './api/create-user-token';
import { useSingleSignOnConfig } from './api/get-single-sign-on-config';
import { SignInError, signInFailureView } from './sign-in-error';
import { visibleError } from '../../lib/field-error';
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
  // A refused single sign-on returns with its reason in the URL's fragment.
  const [status, setStatus] = useState<Status>(() => {
    const refusal = new URLSearchParams(location.hash.slice(1)).get(SIGN_IN_ERROR_PARAM);
    return refusal ? { kind: 'error', view: singleSignOnErrorView(refusal) } : { kind: 'idle' };
  });
  const [showPassword, setShowPassword] = useState(false);
  const createUserToken = useCreateUserToken();
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
  const singleSignOn = useSingleSignOnConfig().data;
  /** The one-time code of a single sign-on is traded once (React may run an effect twice). */
  const tradedCode = useRef<string | null>(null);

  // Tokens handed over in the URL, or the one-time code a single sign-on returns with, sign in at once.
  useEffect(() => {
    const outcome = new URLSearchParams(location.hash.slice(1));
    const code = outcome.get(SIGN_IN_CODE_PARAM);
    if (code || outcome.has(SIGN_IN_ERROR_PARAM)) void navigate({ hash: '' }, { replace: true }); // out of the history
    if (code && tradedCode.current === code) return;
    tradedCode.current = code;
    const tokens = code ? refreshUserToken(code) : tokensFromQuery(search);
    if (!tokens) return;
    Promise.resolve(tokens)
      .then(startSession)
      .then(async (profile) => {
        setStatus({ kind: 'success' });
        await navigate(landingPath(undefined, profile.permissions, profile.userAccess[0]), { replace: true });
      })
      .catch((error: unknown) => {
        takeSignOutReason(); // shown here already, not again on the next visit
        setStatus({ kind: 'error', view: signInFailureView(error) });
      });
  }, [search, location.hash, navigate]);

  const onSubmit = async (values: SignInForm) => {
    try {
      const tokens = await createUserToken.mutateAsync({ ...values, unlockToken: params.unlockToken });
      const profile = await startSession(tokens);
      setStatus({ kind: 'success' });
      const from = (location.state as { from?: string } | null)?.from;
      await navigate(landingPath(from, profile.permissions, profile.userAccess[0]), { replace: true });
    } catch (error) {
      // An expired password comes with a reset token: straight to the reset form.
      if (error instanceof ApiError && error.code === 'password_expired') {
        const resetToken = error.body.reset_token;
        if (typeof resetToken === 'string') {
          await navigate(`/welcome/reset/${encodeURIComponent(values.email)}/${resetToken}`, {
            state: { expired: true },
          });
          return;
        }
      }
      takeSignOutReason();
      setStatus({ kind: 'error', view: signInFailureView(error) });
    }
  };

  const forgotPath = `/welcome/forgot?email=${encodeURIComponent(email)}`;

  return (
    <WelcomeLayout title="Sign in">
      <form
        noValidate
        onSubmit={(event) => {
          // A new attempt: the last one's failure goes, whether or not the fields pass this time.
          setStatus({ kind: 'idle' });
          void form.handleSubmit(onSubmit)(event);
        }}
      >
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
            // The first thing to type; an unlock link fills it in, leaving the password.
            autoFocus={!params.email}
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
            autoFocus={Boolean(params.email)}
            visible={showPassword}
            onVisibilityChange={setShowPassword}
            visibilityToggleFocusable // keyboard users can reach the toggle too
            visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Hide password' : 'Show password' }}
            {...form.register('password')}
            error={visibleError(errors.password, {
              touched: touchedFields.password,
              dirty: dirtyFields.password,
              submitFailed,
            })}
          />
          <Anchor component={Link} to={forgotPath} size="sm">
            Forgot password?
          </Anchor>
          {status.kind === 'error' && <SignInError view={status.view} forgotPath={forgotPath} />}
          {status.kind === 'success' && (
            <Alert color="green" role="status">
              {MESSAGES.signInSuccess}
            </Alert>
          )}
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign In
          </Button>
          {singleSignOn?.enabled && (
            <>
              <Divider />
              {/* A full page visit: the server sends the browser on to the provider. */}
              <Button component="a" href="/api/sso/start" variant="default" fullWidth>
                Sign in with {singleSignOn.provider_name}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </WelcomeLayout>
  );
}
