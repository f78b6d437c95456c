import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { getSession, signOut } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { SignInScreen } from './sign-in-screen';

const routes = [
  { path: '/welcome/signin', element: <SignInScreen /> },
  { path: '/welcome/unlock/:email/:unlockToken', element: <SignInScreen /> },
  { path: '/welcome/forgot', element: <p>Forgot screen</p> },
  { path: '/dashboard/*', element: <p>Dashboard</p> },
];

function renderSignIn(tokenAnswer: FakeAnswer | 'network-error', profile = fakeProfile(['thing:read'])) {
  const calls = fakeApi({
    'POST /user_token': () => tokenAnswer,
    'GET /profile': () => ({ status: 200, body: profile }),
  });
  const view = renderRoutes(routes, '/welcome/signin');
  return { calls, ...view };
}

function submit(email = 'ada@springfield-pd.test', password = 'Secret!123') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The sign-in calls made (the screen also asks whether single sign-on is on). */
const tokenCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/user_token');

const errorAlert = async () => within(await screen.findByRole('alert'));

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('sign-in errors', () => {
  it('wrong credentials: the catalogue message, no contact-support note', async () => {
    renderSignIn({ status: 400, body: { error: 'invalid_grant', message: 'Bad credentials' } });
    submit();
    const alert = await errorAlert();
    expect(alert.getByText(MESSAGES.wrongCredentials)).toBeTruthy();
    expect(alert.queryByText(MESSAGES.contactSupport)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('not authorised for the dashboard (403): followed by the contact-support note', async () => {
    renderSignIn({ status: 403, body: { error: 'forbidden', message: 'Forbidden' } });
    submit();
    const alert = await errorAlert();
    expect(alert.getByText(MESSAGES.notAuthorizedForDashboard)).toBeTruthy();
    expect(alert.getByText(MESSAGES.contactSupport)).toBeTruthy();
  });

  it('expired account (401 expired): offers the forgot-password link with the typed email', async () => {
    renderSignIn({ status: 401, body: { error: 'expired', message: 'Expired' } });
    submit('old@springfield-pd.test');
    const alert = await errorAlert();
    expect(alert.getByText(MESSAGES.accountExpired)).toBeTruthy();
    const link = alert.getByRole('link', { name: /reactivate/ });
    expect(link.getAttribute('href')).toBe('/welcome/forgot?email=old%40springfield-pd.test');
  });

  it('locked out (401 locked_out): shows the server description', async () => {
    renderSignIn({
      status: 401,
      body: { error: 'locked_out', message: 'Locked', error_description: MESSAGES.lockedOut },
    });
    submit();
    expect((await errorAlert()).getByText(MESSAGES.lockedOut)).toBeTruthy();
  });

  it('throttled (429): says to wait, not "Unknown failure."', async () => {
    renderSignIn({ status: 429, body: { error: 'too_many_requests', message: MESSAGES.tooManyAttempts } });
    submit();
    const alert = await errorAlert();
    expect(alert.getByText(MESSAGES.tooManyAttempts)).toBeTruthy();
    expect(alert.queryByText(MESSAGES.accountsUnknownFailure)).toBeNull();
  });

  it('no connection (status 0): "Connection failed."', async () => {
    renderSignIn('network-error');
    submit();
    expect((await errorAlert()).getByText(MESSAGES.connectionFailed)).toBeTruthy();
  });

  it('a profile of another organisation than the token: its catalogue message, and no session', async () => {
    renderSignIn({ status: 200, body: fakeTokens('org-1') }, fakeProfile(['thing:read'], { org: 'org-2' }));
    submit();
    expect((await errorAlert()).getByText(MESSAGES.organizationChanged)).toBeTruthy();
    expect(getSession()).toBeNull();
  });
});

describe('signing in', () => {
  it('sends the password grant, stores the session and lands on the default section', async () => {
    const { calls, router } = renderSignIn({ status: 200, body: fakeTokens() });
    submit('ada@springfield-pd.test', 'Secret!123');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/things');
    expect(tokenCalls(calls)[0]?.body).toEqual({
      grant_type: 'password',
      application: 'dashboard',
      username: 'ada@springfield-pd.test',
      password: 'Secret!123',
    });
    expect(getSession()?.dashboardAccess).toEqual(['things']);
  });

  it('sends the unlock token from an unlock link', async () => {
    const calls = fakeApi({ 'POST /user_token': () => ({ status: 400, body: { error: 'invalid_grant' } }) });
    renderRoutes(routes, '/welcome/unlock/ada%40springfield-pd.test/unlock-123');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@springfield-pd.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret!123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(tokenCalls(calls)[0]?.body).toMatchObject({ unlock_token: 'unlock-123' });
  });

  it('a new attempt clears the last failure, even one its fields stop before calling', async () => {
    renderSignIn({ status: 400, body: { error: 'invalid_grant', message: 'Bad credentials' } });
    submit();
    await errorAlert();
    submit('ada@springfield-pd.test', '');
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(screen.queryByText('Sign-in failed')).toBeNull();
    expect(screen.queryByText(MESSAGES.wrongCredentials)).toBeNull();
  });

  it('validates before calling: both fields required', async () => {
    const { calls } = renderSignIn({ status: 200, body: fakeTokens() });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    expect(tokenCalls(calls)).toHaveLength(0);
  });

  it('toggles the password between hidden and shown', () => {
    renderSignIn({ status: 200, body: fakeTokens() });
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });
});

describe('single sign-on', () => {
  it('offers "Sign in with" the provider when the server says single sign-on is on', async () => {
    fakeApi({ 'GET /sso/config': () => ({ status: 200, body: { enabled: true, provider_name: 'Okta' } }) });
    renderRoutes(routes, '/welcome/signin');
    const button = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(button.getAttribute('href')).toBe('/api/sso/start');
  });

  it('offers only the password when single sign-on is off', async () => {
    const calls = fakeApi({
      'GET /sso/config': () => ({ status: 200, body: { enabled: false, provider_name: null } }),
    });
    renderRoutes(routes, '/welcome/signin');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('trades the one-time code it returns with for the session, once, and lands on the dashboard', async () => {
    const calls = fakeApi({
      'POST /user_token': () => ({ status: 200, body: fakeTokens() }),
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
    });
    const { router } = renderRoutes(routes, '/welcome/signin#sso_code=one-time-123');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/things');
    expect(tokenCalls(calls).map((call) => call.body)).toEqual([
      { grant_type: 'refresh_token', refresh_token: 'one-time-123' },
    ]);
  });

  it('shows why the provider’s sign-in was refused, and takes the reason out of the address', async () => {
    fakeApi({});
    const { router } = renderRoutes(routes, '/welcome/signin#sso_error=email_not_verified');
    const alert = await errorAlert();
    expect(alert.getByText(MESSAGES.ssoEmailNotVerified)).toBeTruthy();
    expect(router.state.location.hash).toBe('');
  });
});

describe('focus', () => {
  it('starts in the email field, or in the password when an unlock link fills in the email', () => {
    const view = renderSignIn({ status: 200, body: fakeTokens() });
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    view.unmount();
    fakeApi({});
    renderRoutes(routes, '/welcome/unlock/ada%40springfield-pd.test/unlock-123');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});

describe('sign-in screen', () => {
  it('says "Success!" while the dashboard loads, and carries the legal footer', async () => {
    // The dashboard's code still loading (a held route), the screen stays and says so.
    let release: () => void = () => undefined;
    const held = new Promise<null>((resolve) => (release = () => resolve(null)));
    fakeApi({
      'POST /user_token': () => ({ status: 200, body: fakeTokens() }),
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
    });
    const { router } = renderRoutes(
      [routes[0]!, { path: '/dashboard/*', loader: () => held, element: <p>Dashboard</p> }],
      '/welcome/signin',
    );
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'License' })).toBeTruthy();
    expect(footer.getByText(/subject to your organization's terms and privacy policy/)).toBeTruthy();
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.signInSuccess);
    release();
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/things');
  });
});
