/**
 * Text the database cannot store never reaches a handler: a NUL character or a lone UTF-16 surrogate
 * anywhere in a request's path parameters, query string or JSON body answers 400 naming the field
 * (core's rule, text.ts), on every route at once. Without it such a value failed the first query that
 * carried it (PostgreSQL and PGlite refuse the byte) and answered 500. Routes of device reports (the
 * OsmAnd ingest, `config.deviceReports`) are left to the report reader, which answers in the
 * protocol's own way and names the device's parameter (or the batch's point).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unstorableText } from '@flare/core/text';
import { badRequest } from './http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's handler checks its text itself (core's report reader). */
    deviceReports?: boolean;
  }
}

/** Values nested deeper than this are not walked (the body limit bounds the work anyway). */
const MAX_DEPTH = 32;

/** Objects and lists of parsed input (a query string parses to an object of its own class); not bytes or a stream. */
function isJsonContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** The first unstorable string in the value, as `field problem`, or null. */
function firstUnstorable(value: unknown, path: string[] = [], depth = 0): string | null {
  const field = path.join('.') || 'Text';
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem && `${field} ${problem}`;
  }
  if (!isJsonContainer(value) || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorableText(key);
    if (keyProblem) return `A field name in ${field === 'Text' ? 'the request' : field} ${keyProblem}`;
    const found = firstUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Why the request's parameters, query or JSON body cannot be stored, or null. */
function unstorableIn(request: FastifyRequest): string | null {
  return (
    firstUnstorable(request.params) ??
    firstUnstorable(request.query) ??
    (typeof request.body === 'string' ? null : firstUnstorable(request.body))
  );
}

export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = request.routeOptions.config.deviceReports ? null : unstorableIn(request);
    done(problem ? badRequest('invalid_request', problem) : undefined);
  });
}
