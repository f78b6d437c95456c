import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionSchema } from '@flare/core/schemas/common';
import { apiFetch, parseResponse } from '../api-client';

/** GET /version: the build the server is serving and its environment (no sign-in needed). */
export async function getVersion() {
  return parseResponse(VersionSchema, await apiFetch<unknown>('/version', { authenticated: false }));
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
  return useQuery({ ...versionQueryOptions(pollMs), enabled, select: (info) => info.version });
}

/** The installation's environment, asked once (an installation does not change it while running). */
export function useServerEnvironment() {
  return useQuery({
    queryKey: ['version'],
    queryFn: getVersion,
    staleTime: Infinity,
    retry: false,
    select: (info) => info.environment,
  }).data;
}
