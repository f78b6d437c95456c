/** The events list's Display choice and search, read from and written to the URL. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, filtersToSearch, type IncidentFilters } from './incident-filters';

export function useIncidentFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const setFilters = useCallback(
    (next: IncidentFilters) => setParams(filtersToSearch(next), { replace: true }),
    [setParams],
  );
  return { filters, setFilters };
}
