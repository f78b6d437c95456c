import { QueryClient } from '@tanstack/react-query';
import { CACHED_API_DATA_S, QUERY_REFRESH_MS } from '@flare/core/constants';

/**
 * REST data is fresh for 30 minutes, loaded again every 30 minutes while a screen shows it (a list left
 * open on a wall display without the live feed keeps up by itself; queries with a pace of their own
 * keep theirs), and cached for an hour.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_REFRESH_MS,
        refetchInterval: QUERY_REFRESH_MS,
        gcTime: CACHED_API_DATA_S * 1000,
        retry: 1,
      },
    },
  });
}

/** The app's client; the session empties it at sign-out so the next user sees none of this one's data. */
export const queryClient = createQueryClient();
