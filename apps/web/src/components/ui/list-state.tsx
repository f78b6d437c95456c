/**
 * The ladder every list screen climbs: why its load failed, else that it is loading, else that it has
 * nothing to show, else its rows.
 */
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LoadFailure } from '../../live/keyed-store';
import { LoadFailureNotice } from './load-failure-notice';
import { PanelLoading } from './loading-indicator';

export interface ListStateProps {
  /** Why the load failed, and how to try again. */
  failure: LoadFailure | null;
  loading: boolean;
  /** What the loading indicator says ("Loading areas"). */
  loadingLabel: string;
  /** What an empty list says; null when there are rows. */
  empty: string | null;
  /** The rows, drawn only once loaded and not empty. */
  children: () => ReactNode;
}

export function ListState({ failure, loading, loadingLabel, empty, children }: ListStateProps) {
  if (failure) return <LoadFailureNotice failure={failure} />;
  if (loading) return <PanelLoading label={loadingLabel} />;
  if (empty !== null)
    return (
      <Text p="md" c="gray.7" ta="center">
        {empty}
      </Text>
    );
  return children();
}

/** A query's failure in the shape the live collections use: why, in the product's words, and Retry. */
export function queryFailure(
  query: Pick<UseQueryResult, 'error' | 'refetch'>,
  messageOf: (error: unknown) => string,
): LoadFailure | null {
  return query.error ? { message: messageOf(query.error), retry: () => void query.refetch() } : null;
}
