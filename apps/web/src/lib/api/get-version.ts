import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionSchema } from '@flare/core/schemas/common';
import { apiFetch, parseResponse } from '../api-client';

/** GET /version: the build the server is serving (no sign-in needed). */
export async function getVersion(): Promise<string> {
  const body = await apiFetch<unknown>('/version', { authenticated: false });
  return parseResponse(VersionSchema, body).version;
}

export const versionQueryOptions = (pollMs: number) =>
  queryOptions({
    queryKey: ['version'],
    queryFn: getVersion,
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
    // A failed check waits for the next poll; the offline banner already tells the user.
    retry: false,
  });

/** Polls the server's version every `pollMs` once `enabled`. */
export function useVersion(pollMs: number, enabled: boolean) {
  return useQuery({ ...versionQueryOptions(pollMs), enabled });
}
