/** The applied filters, read from and written to the URL (spec: filters and selection live in the URL). */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePref } from '../../../lib/prefs';
import { filtersFromSearch, filtersToSearch, type ThingFilters } from './thing-filters';

export function useThingFilters() {
  const [params, setParams] = useSearchParams();
  const [showOffline] = usePref('showOffline');
  const filters = useMemo(() => filtersFromSearch(params, showOffline), [params, showOffline]);
  const setFilters = useCallback(
    (next: ThingFilters) =>
      setParams((current) => filtersToSearch(next, showOffline, current), { replace: true }),
    [setParams, showOffline],
  );
  return { filters, setFilters, showOffline };
}
