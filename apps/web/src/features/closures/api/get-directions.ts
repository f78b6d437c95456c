/**
 * POST /directions: the driving route through the closure's points, asked whenever they change; the
 * form and the drawing layer share the answer. Without a directions service the straight segments are
 * kept, silently; when it fails, the form says why (and keeps them too).
 */
import { useQuery } from '@tanstack/react-query';
import type { LngLat } from '@flare/core/areas/area-geometry';
import {
  CLOSURE_MESSAGES,
  DIRECTIONS_MAX_POINTS,
  directionsErrorMessage,
  DirectionsRequestSchema,
  DirectionsSchema,
  type ClosureRoute,
} from '@flare/core/schemas/closure';
import { ApiError, apiFetch, parseResponse } from '../../../lib/api-client';

export async function getDirections(
  coordinates: LngLat[],
  signal?: AbortSignal,
): Promise<ClosureRoute | null> {
  const body = await apiFetch<unknown>('/directions', { method: 'POST', body: { coordinates }, signal });
  return parseResponse(DirectionsSchema, body).route_path;
}

export interface ClosureDirections {
  /** The driving route through the points; null while there is none (the straight segments then). */
  routePath: ClosureRoute | null;
  finding: boolean;
  /** Why there is no driving route. */
  problem: string | null;
}

export function useDirections(line: LngLat[]): ClosureDirections {
  const query = useQuery({
    queryKey: ['directions', line],
    queryFn: ({ signal }) => getDirections(line, signal),
    enabled: DirectionsRequestSchema.safeParse({ coordinates: line }).success,
    staleTime: Infinity,
    retry: false,
  });
  return {
    routePath: query.data ?? null,
    finding: query.isFetching,
    problem: problemOf(line, query.error),
  };
}

function problemOf(line: LngLat[], error: Error | null): string | null {
  if (line.length > DIRECTIONS_MAX_POINTS) return CLOSURE_MESSAGES.tooManyRoutePoints;
  if (!error) return null;
  return error instanceof ApiError
    ? directionsErrorMessage(error.code, error.message)
    : CLOSURE_MESSAGES.directionsFailed;
}
