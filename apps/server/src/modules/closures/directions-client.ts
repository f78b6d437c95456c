/**
 * Driving routes from an OSRM-compatible HTTP service: `/route/v1/driving/{lng,lat;...}` with the full
 * overview as GeoJSON; its first route's geometry is the closure's route. A failure carries the
 * service's own message (OSRM answers `{ code, message }`), else core's "Something went wrong".
 */
import { z } from 'zod';
import type { LngLat } from '@flare/core/areas/area-geometry';
import { CLOSURE_MESSAGES, RouteSchema, type ClosureRoute } from '@flare/core/schemas/closure';

const TIMEOUT_MS = 5_000;

const RoutedSchema = z.object({
  code: z.literal('Ok'),
  routes: z.array(z.object({ geometry: RouteSchema })).min(1),
});
const RefusedSchema = z.object({ message: z.string().min(1) });

/** The directions service gave no route; the message is for the user. */
export class DirectionsError extends Error {}

export class DirectionsClient {
  constructor(private readonly baseUrl: string) {}

  async route(points: readonly LngLat[]): Promise<ClosureRoute> {
    const coordinates = points.map(([lng, lat]) => `${lng.toFixed(6)},${lat.toFixed(6)}`).join(';');
    const url = `${this.baseUrl.replace(/\/$/, '')}/route/v1/driving/${coordinates}?overview=full&geometries=geojson`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DirectionsError(CLOSURE_MESSAGES.directionsFailed, { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    const routed = RoutedSchema.safeParse(body);
    if (response.ok && routed.success) return routed.data.routes[0]!.geometry;
    throw new DirectionsError(
      RefusedSchema.safeParse(body).data?.message ?? CLOSURE_MESSAGES.directionsFailed,
      {
        cause: `directions service answered ${response.status}`,
      },
    );
  }
}
