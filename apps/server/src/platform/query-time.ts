/** Times in query strings: epoch seconds (or milliseconds) or an ISO date, read as reports' timestamps are. */
import { parseTime } from '@flare/core/telemetry/report';
import { badRequest } from './http-errors';

/** Years 1 to 9999: what JavaScript, PostgreSQL and ISO dates all hold. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export function parseQueryTime(name: string, value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const at = parseTime(value);
  if (at === null) throw badRequest('invalid_request', `${name} must be epoch seconds or an ISO date`);
  if (at < EARLIEST || at > LATEST)
    throw badRequest('invalid_request', `${name} must be a date between the years 1 and 9999`);
  return new Date(at);
}
