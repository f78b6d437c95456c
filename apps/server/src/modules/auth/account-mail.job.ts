/**
 * Account e-mails (password reset, unlock, invitation of a new user) are sent by this job, so a crash never loses one. A request
 * queues it whether or not the address has an account (the job finds out), so that both answers do
 * the same work and take as long: no account discovery by timing.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const accountMailJob = defineJob(
  'account-mail',
  z.object({
    purpose: z.enum(['reset', 'unlock', 'invite']),
    email: z.string(),
    /** Who invited the user (a user id), named in the invitation. */
    invitedBy: z.string().optional(),
  }),
  // Retried after 5 s, doubling, for over an hour. The mailer gives up on a slow server within 30 s
  // (mailer.ts), so an attempt still running at 40 s belongs to a process that died: it is retried.
  { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 40 },
);
export type AccountMail = z.infer<typeof accountMailJob.schema>;
