/**
 * DELETE /things/{id}/alarm?raised_at=: acknowledges the alarm raised at that time (the one the user
 * saw); answers the asset without it, or 409 when another alarm was raised since.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThingSchema, type Thing } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { thingSaved } from './get-thing';

export async function acknowledgeThingAlarm(alarm: { thingId: string; raisedAt: string }): Promise<Thing> {
  const query = new URLSearchParams({ raised_at: alarm.raisedAt });
  const body = await apiFetch<unknown>(`/things/${encodeURIComponent(alarm.thingId)}/alarm?${query}`, {
    method: 'DELETE',
  });
  return parseResponse(ThingSchema, body);
}

export function useAcknowledgeThingAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeThingAlarm,
    onSuccess: (thing) => thingSaved(queryClient, thing),
  });
}
