/**
 * The Events (or Incidents) list: counts of active and recent incidents, the
 * Display choice, a search, the Waze feed for those who manage incidents, and a virtualised list that
 * follows the live feed.
 */
import { Box, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { FeedButton } from '../../../components/feeds/feeds-dialog';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@flare/core/constants';
import { RECENT_DISPLAY_LABELS, RECENT_DISPLAYS } from '@flare/core/time/recent-display';
import { eventsLabel, noEventsShown } from '@flare/core/labels';
import type { Incident } from '@flare/core/schemas/incident';
import { ListState } from '../../../components/ui/list-state';
import { displayTimeZone } from '../../../lib/format-time';
import { useNow } from '../../../lib/use-now';
import { useLiveIncidents } from '../live/live-incidents-store';
import { centreOnIncident, findIncidentOnMap } from '../locate-incident';
import { countIncidents, incidentRowHeight, visibleIncidents } from './incident-filters';
import { IncidentRow } from './incident-row';
import { useIncidentFilters } from './use-incident-filters';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';

export function IncidentsListScreen() {
  const respondersType = useSubscribedOrganization()?.responders_type ?? 'none';
  const { items: locations, loaded, failure } = useLiveIncidents();
  const { filters, setFilters } = useIncidentFilters();
  // The minute is enough for "today" and "24 hrs"; the list is not filtered again every second.
  const minute = Math.floor(useNow() / 60_000);
  // "Today" is the organisation's day, as the header clock counts it.
  const timeZone = displayTimeZone();
  const navigate = useNavigate();
  const { search: urlSearch } = useLocation();

  const all = useMemo(() => [...locations.values()], [locations]);
  const counts = useMemo(() => countIncidents(all), [all]);
  // Re-filtered as time passes too, so incidents older than the Display choice leave the list.
  const rows = useMemo(
    () => visibleIncidents(all, filters, new Date(minute * 60_000), timeZone),
    [all, filters, minute, timeZone],
  );

  const [search, setSearch] = useState(filters.search);
  const applySearch = useDebouncedCallback(
    (value: string) => setFilters({ ...filters, search: value }),
    SEARCH_DEBOUNCE_MS,
  );
  const select = useCallback(
    (location: Incident) => {
      centreOnIncident(location);
      // The filters stay in the URL, so Back returns to the same list.
      void navigate({ pathname: location.id, search: urlSearch });
    },
    [navigate, urlSearch],
  );

  return (
    <Stack gap={0} h="100%">
      <Stack gap="xs" p="sm" pt={0}>
        <Group justify="space-between" align="baseline">
          <Title order={1} size="h4">
            {eventsLabel(respondersType)}
          </Title>
          <Text size="sm" c="gray.7" aria-label={`Active and recent ${eventsLabel(respondersType)}`}>
            {counts.active} Active | {counts.recent} Recent
          </Text>
        </Group>
        <TextInput
          aria-label="Search Asset, Street, or System ID"
          placeholder="Search Asset, Street, or System ID"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
        <Group justify="space-between" align="flex-end">
          <Radio.Group
            label="Display"
            value={filters.display}
            onChange={(display) => setFilters({ ...filters, search, display: display })}
          >
            <Group gap="md" mt={4}>
              {RECENT_DISPLAYS.map((display) => (
                <Radio key={display} value={display} label={RECENT_DISPLAY_LABELS[display]} size="sm" />
              ))}
            </Group>
          </Radio.Group>
          <FeedButton kind="incidents" label="Waze feed" />
        </Group>
      </Stack>
      <ListState
        failure={failure}
        loading={!loaded}
        loadingLabel={`Loading ${eventsLabel(respondersType)}`}
        empty={rows.length === 0 ? noEventsShown(respondersType) : null}
      >
        {() => (
          <VirtualEventList
            rows={rows}
            label={eventsLabel(respondersType)}
            renderRow={(location) => (
              <IncidentRow location={location} onSelect={select} onFind={findIncidentOnMap} />
            )}
          />
        )}
      </ListState>
    </Stack>
  );
}

/** Only the rows in view are in the page, each as tall as its vehicles make it (incidentRowHeight). */
function VirtualEventList({
  rows,
  label,
  renderRow,
}: {
  rows: Incident[];
  label: string;
  renderRow: (location: Incident) => React.ReactNode;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback((index: number) => incidentRowHeight(rows[index]!), [rows]);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  // The virtualizer is mutable by design; nothing here memoises what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    // Rows render before the first layout measurement (and in tests without layout).
    initialRect: { width: 400, height: 800 },
  });
  return (
    <Box ref={parent} style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} role="list" aria-label={label}>
      <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            role="listitem"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: item.size,
              transform: `translateY(${item.start}px)`,
            }}
          >
            {renderRow(rows[item.index]!)}
          </div>
        ))}
      </Box>
    </Box>
  );
}
