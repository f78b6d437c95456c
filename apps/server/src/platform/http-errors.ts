/**
 * Typed HTTP errors. Services throw them; one error handler turns them into the wire shape
 * { error, message, error_description? }. Anything else becomes a 500 that leaks nothing.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@flare/core/messages';
import { isDatabaseUnavailable } from './db/errors';

export class HttpError extends Error {
  /** Sent as `Retry-After` (429 and 503 answers). */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly description?: string,
    /** More fields of the error body, for the few errors that carry data. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, description?: string) =>
  new HttpError(400, code, message, description);
export const unauthorized = (code: string, message: string, description?: string) =>
  new HttpError(401, code, message, description);
export const forbidden = (message = 'User does not have required permissions') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const unprocessable = (code: string, message: string) => new HttpError(422, code, message);
/** A public sign-in call over its rate limit. */
export const tooManyAttempts = () => new HttpError(429, 'too_many_requests', MESSAGES.tooManyAttempts);

/** The route config of public sign-in calls: no caller needed, at most `ipLimit` a minute per client address. */
export function publicAuthRoute(ipLimit: number) {
  return {
    public: true,
    rateLimit: { max: ipLimit, timeWindow: '1 minute', errorResponseBuilder: tooManyAttempts },
  };
}
export function tooManyRequests(code: string, message: string, retryAfterSeconds: number): HttpError {
  const error = new HttpError(429, code, message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** How soon a caller may try again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.description ? { error_description: error.description } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map(
        (v) => `${v.instancePath.replace(/^\//, '') || 'body'}: ${v.message}`,
      );
      return reply.status(400).send({ error: 'invalid_request', message: issues.join('; ') });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: 'unavailable', message: MESSAGES.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: error.code ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal', message: MESSAGES.unknownFailure });
  });
}
