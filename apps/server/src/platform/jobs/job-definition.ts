/**
 * A job: its queue name, the zod schema of its payload, and how its attempts are retried. Payloads
 * travel as JSON through the database, so the handler receives them parsed again by the schema.
 */
import type { z } from 'zod';

/**
 * pg-boss queue policies. `standard`: no limit. `short`: at most one job waiting per singleton key.
 * `singleton`: at most one running per key. `stately`: at most one waiting, one retrying and one
 * running per key (what `JobQueue.every` needs: ticks never overlap and never pile up).
 */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface JobOptions {
  /** Retries after a failed attempt (so attempts = retryLimit + 1). Default 3. */
  retryLimit?: number;
  /** Seconds before a retry. With backoff it is the first delay, then doubles (with jitter). Default 30. */
  retryDelaySeconds?: number;
  /** Exponential backoff: the n-th retry waits delay x 2^(n-1) x (1 to 2). Default true. */
  retryBackoff?: boolean;
  /**
   * An attempt still running after this many seconds fails (and is retried); its handler is no longer
   * awaited. A process that dies mid-attempt leaves it running this long. Default 900, at most 86399.
   */
  expireInSeconds?: number;
  /** Default `standard`. */
  policy?: QueuePolicy;
}

export interface JobDefinition<Payload extends object = object, Input extends object = Payload> {
  readonly name: string;
  readonly schema: z.ZodType<Payload, Input>;
  readonly options: Readonly<Required<JobOptions>>;
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

export function defineJob<Payload extends object, Input extends object = Payload>(
  name: string,
  schema: z.ZodType<Payload, Input>,
  options: JobOptions = {},
): JobDefinition<Payload, Input> {
  if (!NAME.test(name)) throw new Error(`job name "${name}": lower-case letters, digits, ".", "_", "-"`);
  const resolved: Required<JobOptions> = {
    retryLimit: options.retryLimit ?? 3,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: options.expireInSeconds ?? 900,
    policy: options.policy ?? 'standard',
  };
  const { retryLimit, retryDelaySeconds, expireInSeconds } = resolved;
  if (!Number.isInteger(retryLimit) || retryLimit < 0)
    throw new Error(`${name}: retryLimit must be an integer >= 0`);
  if (!Number.isInteger(retryDelaySeconds) || retryDelaySeconds < 0) {
    throw new Error(`${name}: retryDelaySeconds must be an integer >= 0`);
  }
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds >= 86_400) {
    throw new Error(`${name}: expireInSeconds must be an integer from 1 to 86399`);
  }
  return Object.freeze({ name, schema, options: Object.freeze(resolved) });
}

/** Checks a payload against the job's schema before it is sent; throws the schema's error. */
export function checkPayload<Payload extends object, Input extends object>(
  job: JobDefinition<Payload, Input>,
  payload: Input,
): Input {
  const result = job.schema.safeParse(payload);
  if (!result.success) throw new Error(`job ${job.name}: invalid payload: ${result.error.message}`);
  return payload;
}
