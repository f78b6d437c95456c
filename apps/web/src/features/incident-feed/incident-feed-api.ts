/** The organisation's incident feed for navigation apps: whether it is on, a new URL, off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IncidentFeedSchema, NewIncidentFeedSchema } from '@flare/core/schemas/location';
import { apiFetch, parseResponse } from '../../lib/api-client';

const FEED_KEY = ['incident-feed'] as const;
const PATH = '/organization/incident_feed';

export function useIncidentFeed(enabled: boolean) {
  return useQuery({
    queryKey: FEED_KEY,
    enabled,
    queryFn: async () => parseResponse(IncidentFeedSchema, await apiFetch<unknown>(PATH)),
  });
}

/** Turns the feed on, or replaces its URL (the old one stops working); the answer holds the URLs once. */
export function useNewIncidentFeedUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(NewIncidentFeedSchema, await apiFetch<unknown>(PATH, { method: 'POST' })),
    onSuccess: (feed) => queryClient.setQueryData(FEED_KEY, { created_at: feed.created_at }),
  });
}

export function useTurnIncidentFeedOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(PATH, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(FEED_KEY, { created_at: null }),
  });
}
