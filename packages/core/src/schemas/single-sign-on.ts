/** Wire format of single sign-on (OpenID Connect): whether the server offers it, and under which name. */
import { z } from 'zod';

export const SingleSignOnConfigSchema = z.object({
  enabled: z.boolean(),
  /** The sign-in button's "Sign in with …" name; null when single sign-on is off. */
  provider_name: z.string().nullable(),
});
export type SingleSignOnConfig = z.infer<typeof SingleSignOnConfigSchema>;

/** Where the sign-in screen finds the outcome of a single sign-on in its URL's fragment. */
export const SIGN_IN_CODE_PARAM = 'sso_code';
export const SIGN_IN_ERROR_PARAM = 'sso_error';
