/** An organisation's feed for navigation apps: whether it is on with its URLs, a new URL, off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedSchema, type Feed, type FeedKind } from '@flare/core/schemas/feeds';
import { apiFetch, parseResponse } from '../api-client';

const keyOf = (kind: FeedKind) => ['feeds', kind] as const;
const pathOf = (kind: FeedKind) => `/organization/feeds/${kind}`;

export function useFeed(kind: FeedKind, enabled: boolean) {
  return useQuery({
    queryKey: keyOf(kind),
    enabled,
    queryFn: async () => parseResponse(FeedSchema, await apiFetch<unknown>(pathOf(kind))),
  });
}

/** Turns the feed on, or makes a new URL (the old one stops working). */
export function useRenewFeed(kind: FeedKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      parseResponse(FeedSchema, await apiFetch<unknown>(pathOf(kind), { method: 'POST' })),
    onSuccess: (feed) => queryClient.setQueryData(keyOf(kind), feed),
  });
}

export function useTurnFeedOff(kind: FeedKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(pathOf(kind), { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<Feed>(keyOf(kind), { kind, created_at: null, urls: [] }),
  });
}
