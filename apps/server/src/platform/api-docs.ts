/** What every route's schema says the same way: its error answers and how it is authenticated. */
import { ApiErrorSchema } from '@flare/core/schemas/common';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

/** The error body for each status the route may answer. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    S,
    typeof ApiErrorSchema
  >;
}

/** Signed-in calls: a bearer access token (or API key). */
export const BEARER = [{ bearer: [] }];
