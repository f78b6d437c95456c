import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { MESSAGES } from '../messages';
import { unstorableText } from '../text';

/** Text the database can store (no NUL, valid Unicode), with the reason as the message otherwise. */
export const storable = (schema: z.ZodString) =>
  schema.superRefine((text, ctx) => {
    const problem = unstorableText(text);
    if (problem) ctx.addIssue({ code: 'custom', message: `Text ${problem}` });
  });

/** Required text: trimmed, at least one character. */
export const requiredText = () => storable(z.string().trim().min(1, MESSAGES.required));

export const EmailSchema = z.string().trim().min(1, MESSAGES.required).pipe(z.email(MESSAGES.invalidEmail));

/** The error body every failing API call returns. `error` is a machine reason code. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  error_description: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** GET /version: the build the server serves and the environment it is (environment.ts). */
export const VersionSchema = z.object({ version: z.string(), environment: z.enum(ENVIRONMENTS) });
export const JobQueueHealthSchema = z.object({
  running: z.boolean(),
  /** Per job: waiting (retries included), running, and failed in the last day. */
  queues: z.record(z.string(), z.object({ queued: z.number(), active: z.number(), failed: z.number() })),
});
/** An external feed the server reads (e.g. a WZDx feed): how its last fetch went. */
export const ExternalFeedHealthSchema = z.object({
  kind: z.string(),
  /** Without its query string, which may hold a key. */
  url: z.string(),
  organization_id: z.string(),
  ok: z.boolean(),
  polled_at: z.string().nullable(),
  succeeded_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Items read at the last successful fetch, and those skipped, counted by reason. */
  item_count: z.number(),
  skipped: z.record(z.string(), z.number()),
});
export type ExternalFeedHealth = z.infer<typeof ExternalFeedHealthSchema>;
/** The OpenID provider of single sign-on (when set up): whether its discovery document was read. */
export const SingleSignOnHealthSchema = z.object({
  issuer: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type SingleSignOnHealth = z.infer<typeof SingleSignOnHealthSchema>;
/** A failing external feed or sign-on provider is reported, but the server itself stays `ok`. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  jobs: JobQueueHealthSchema,
  external_feeds: z.array(ExternalFeedHealthSchema),
  /** Present when single sign-on is set up. */
  single_sign_on: SingleSignOnHealthSchema.optional(),
});
