/** Times in query strings: epoch seconds (or milliseconds) or an ISO date, read as reports' timestamps are. */
import { parseTime } from '@flare/core/telemetry/report';
import { badRequest } from './http-errors';

export function parseQueryTime(name: string, value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const at = new Date(parseTime(value) ?? Number.NaN);
  // Unreadable, or beyond the dates JavaScript (and the query) can hold.
  if (Number.isNaN(at.getTime()))
    throw badRequest('invalid_request', `${name} must be epoch seconds or an ISO date`);
  return at;
}
