/** PUT /locations/{id}: moves an active incident and sets its roadway heading; answers the incident. */
import { useMutation } from '@tanstack/react-query';
import { IncidentSchema, type Incident, type IncidentUpdate } from '@flare/core/schemas/incident';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { liveIncidents } from '../live/live-incidents-store';

export async function updateIncident({
  locationId,
  update,
}: {
  locationId: string;
  update: IncidentUpdate;
}): Promise<Incident> {
  const body = await apiFetch<unknown>(`/locations/${encodeURIComponent(locationId)}`, {
    method: 'PUT',
    body: update,
  });
  return parseResponse(IncidentSchema, body);
}

/** Shows the saved incident at once; the live feed confirms it later. */
export function useUpdateIncident() {
  return useMutation({
    mutationFn: updateIncident,
    onSuccess: (location) => liveIncidents.upsert([location]),
  });
}
