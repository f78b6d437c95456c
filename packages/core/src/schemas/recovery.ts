/** Password recovery and unlock calls (7 and 8). */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { EmailSchema } from './common';
import { PasswordPolicySchema } from './password';

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export const UnlockAccountRequestSchema = z.object({ email: EmailSchema });
export const RecoveryResponseSchema = z.object({ message: z.string() });

/** The reset form: the policy, and a confirmation that must match. */
export const ResetPasswordFormSchema = z
  .object({ password: PasswordPolicySchema, confirmation: z.string().min(1, MESSAGES.required) })
  .refine((form) => form.password === form.confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmation'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** The reset call; the policy is checked by the server too, answering 422 when it is not met. */
export const ResetPasswordRequestSchema = z.object({ token: z.string().min(1), password: z.string() });
export const ResetPasswordResponseSchema = z.object({ message: z.string() });

/** A sign-in refused because the password is older than 90 days carries a reset token for it. */
export const PasswordExpiredErrorSchema = z.object({
  error: z.literal('password_expired'),
  message: z.string(),
  reset_token: z.string(),
});
