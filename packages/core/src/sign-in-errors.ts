/**
 * The sign-in error catalogue: which message a failed sign-in shows, from the
 * HTTP status and the server's reason code. The server answers with these codes; the screen maps them.
 */
import { MESSAGES } from './messages';

export const SIGN_IN_REASONS = [
  'invalid_grant',
  'invalid_request',
  'user_suspended',
  'expired',
  'not_authorized_method',
  'not_safetycloud_enabled',
  'locked_out',
  'not_authorized',
  'email_not_verified',
  'unknown_user',
  'sso_failed',
] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

export interface SignInFailure {
  status: number;
  error?: string | undefined;
  description?: string | undefined;
}

export interface SignInErrorView {
  message: string;
  /** Follow the message with the contact-support note. */
  contactSupport: boolean;
  /** Offer the forgot-password link (expired accounts reactivate through it). */
  offerForgotPassword: boolean;
}

function view(message: string, extra: Partial<SignInErrorView> = {}): SignInErrorView {
  const contactSupport = /suspended|authorized/i.test(message);
  return { message, contactSupport, offerForgotPassword: false, ...extra };
}

export function signInErrorView({ status, error, description }: SignInFailure): SignInErrorView {
  if (status === 0) return view(MESSAGES.connectionFailed);
  if (status === 400 && error === 'user_suspended') return view(MESSAGES.userSuspended);
  if (status === 400 || status === 404) return view(MESSAGES.wrongCredentials);
  if (status === 403) return view(MESSAGES.notAuthorizedForDashboard);
  // The server's sign-in throttle (per address and per account): say to wait, not "Unknown failure."
  if (status === 429) return view(MESSAGES.tooManyAttempts);
  if (status === 401) {
    switch (error ?? '') {
      case 'expired':
        return view(MESSAGES.accountExpired, { offerForgotPassword: true });
      case 'not_authorized_method':
        return view(MESSAGES.notAuthorizedMethod);
      case 'user_suspended':
        return view(MESSAGES.userSuspended);
      case 'not_safetycloud_enabled':
        return view(MESSAGES.notAuthorizedForDashboard);
      case 'locked_out':
        return view(description ?? MESSAGES.accountsUnknownFailure);
      case 'email_not_verified':
        return view(MESSAGES.ssoEmailNotVerified);
      case 'unknown_user':
        return view(MESSAGES.ssoUnknownUser);
      case 'sso_failed':
        return view(MESSAGES.ssoFailed);
      default:
        break;
    }
  }
  return view(MESSAGES.accountsUnknownFailure);
}

/**
 * A refused single sign-on comes back to the sign-in screen as its reason code alone (the provider's
 * redirect carries no body): the same messages as the password sign-in's refusals.
 */
export function singleSignOnErrorView(reason: string): SignInErrorView {
  if (reason === 'not_authorized') return signInErrorView({ status: 403 });
  if (reason === 'locked_out') return view(MESSAGES.lockedOut);
  return signInErrorView({ status: 401, error: reason });
}
