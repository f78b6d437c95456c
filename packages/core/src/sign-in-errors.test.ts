import { describe, expect, it } from 'vitest';
import { signInErrorView, singleSignOnErrorView } from './sign-in-errors';

describe('sign-in error catalogue', () => {
  it.each([
    [{ status: 0 }, 'Connection failed.', false],
    [{ status: 400, error: 'user_suspended' }, 'User is suspended.', true],
    [{ status: 400, error: 'invalid_grant' }, 'Email and/or password incorrect.', false],
    [{ status: 404 }, 'Email and/or password incorrect.', false],
    [{ status: 403 }, 'Your user is not authorized to access Safety Cloud Dashboard.', true],
    [{ status: 401, error: 'user_suspended' }, 'User is suspended.', true],
    [
      { status: 401, error: 'not_safetycloud_enabled' },
      'Your user is not authorized to access Safety Cloud Dashboard.',
      true,
    ],
    [
      { status: 401, error: 'locked_out', description: 'Locked for 30 minutes' },
      'Locked for 30 minutes',
      false,
    ],
    [{ status: 429 }, 'Too many attempts. Please wait a few minutes and try again.', false],
    [{ status: 500 }, 'Unknown failure.', false],
  ])('%o shows %s', (failure, message, contactSupport) => {
    const view = signInErrorView(failure);
    expect(view.message).toBe(message);
    expect(view.contactSupport).toBe(contactSupport);
  });

  it('offers the forgot-password link for expired accounts', () => {
    const view = signInErrorView({ status: 401, error: 'expired' });
    expect(view.message).toBe('Your account has expired due to inactivity.');
    expect(view.offerForgotPassword).toBe(true);
  });

  it('tells users whose organisation manages access to contact their administrator', () => {
    const view = signInErrorView({ status: 401, error: 'not_authorized_method' });
    expect(view.message).toMatch(/organization manages user access/);
    expect(view.contactSupport).toBe(false);
  });

  it.each([
    ['email_not_verified', /has not verified your email address/],
    ['unknown_user', /no user with your email address/],
    ['sso_failed', /^Single sign-on failed/],
    ['user_suspended', /^User is suspended\.$/],
    ['expired', /expired due to inactivity/],
    ['not_authorized', /not authorized to access/],
    ['locked_out', /has been locked/],
    ['something_else', /^Unknown failure\.$/],
  ])('a refused single sign-on (%s) shows the matching message', (reason, message) => {
    expect(singleSignOnErrorView(reason).message).toMatch(message);
  });
});
