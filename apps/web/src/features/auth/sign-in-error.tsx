/** The error state of sign-in: the catalogue's message, the contact-support note and the forgot link. */
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { signInErrorView, type SignInErrorView } from '@flare/core/sign-in-errors';
import { ApiError } from '../../lib/api-client';
import { ProfileLoadError } from '../../lib/session';

/** What a failed sign-in shows, from whatever the sign-in threw. */
export function signInFailureView(error: unknown): SignInErrorView {
  if (error instanceof ProfileLoadError) {
    return { message: error.message, contactSupport: false, offerForgotPassword: false };
  }
  if (error instanceof ApiError) {
    return signInErrorView({ status: error.status, error: error.code, description: error.description });
  }
  // Not an HTTP answer at all (a bug, say): the catalogue's fallback, not "Connection failed.".
  return signInErrorView({ status: -1 });
}

export function SignInError({ view, forgotPath }: { view: SignInErrorView; forgotPath: string }) {
  return (
    <Alert color="red" role="alert" title="Sign-in failed">
      <Text size="sm">{view.message}</Text>
      {view.contactSupport && <Text size="sm">{MESSAGES.contactSupport}</Text>}
      {view.offerForgotPassword && (
        <Anchor component={Link} to={forgotPath} size="sm">
          Reset your password to reactivate your account
        </Anchor>
      )}
    </Alert>
  );
}
