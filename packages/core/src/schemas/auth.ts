/** Wire format of the token calls (/user_token, /revoke_token, /verify_token). */
import { z } from 'zod';
import { DASHBOARD_APPLICATION } from '../constants';
import { MESSAGES } from '../messages';
import { EmailSchema } from './common';

export const SignInFormSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, MESSAGES.required),
});
export type SignInForm = z.infer<typeof SignInFormSchema>;

export const PasswordGrantSchema = z.object({
  grant_type: z.literal('password'),
  application: z.string().default(DASHBOARD_APPLICATION),
  username: z.string().trim().min(1),
  password: z.string().min(1),
  unlock_token: z.string().optional(),
});

/** Both spellings of the refresh token are accepted (one client variant sends refreshToken). */
export const RefreshGrantSchema = z
  .object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).optional(),
    refreshToken: z.string().min(1).optional(),
  })
  .refine((body) => body.refresh_token ?? body.refreshToken, { message: 'refresh_token is required' });

export const TokenRequestSchema = z.union([PasswordGrantSchema, RefreshGrantSchema]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
  created_at: z.number().int(),
  scope: z.string(),
  uuid: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const RevokeTokenRequestSchema = z.object({ token: z.string().min(1) });
export const RevokeTokenResponseSchema = z.object({ revoked: z.boolean() });

export const VerifyTokenRequestSchema = z.object({ access_token: z.string().min(1) });
export const VerifyTokenResponseSchema = z.object({
  valid: z.literal(true),
  user_id: z.string(),
  organization_id: z.string(),
  expires_in: z.number().int(),
});

/** Claims inside a Flare access token. */
export const AccessTokenClaimsSchema = z.object({
  sub: z.string(),
  org: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;
