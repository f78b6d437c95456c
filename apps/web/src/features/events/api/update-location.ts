/** PUT /locations/{id}: moves an active incident and sets its roadway heading; answers the incident. */
import { useMutation } from '@tanstack/react-query';
import { LocationSchema, type Location, type LocationUpdate } from '@flare/core/schemas/location';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { liveLocations } from '../live/live-locations-store';

export async function updateLocation({
  locationId,
  update,
}: {
  locationId: string;
  update: LocationUpdate;
}): Promise<Location> {
  const body = await apiFetch<unknown>(`/locations/${encodeURIComponent(locationId)}`, {
    method: 'PUT',
    body: update,
  });
  return parseResponse(LocationSchema, body);
}

/** Shows the saved incident at once; the live feed confirms it later. */
export function useUpdateLocation() {
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: (location) => liveLocations.upsert([location]),
  });
}
