/**
 * The Live section's assets list: counts, search, filters, map-view toggles and a
 * virtualised list in the spec's order. Rows come from the live-things store, so they move as the
 * feed does, except while the user works in the list (use-resort-hold.ts). The list is one tab stop
 * that the arrow keys move through (grid-keys.ts); back from an asset's detail it focuses that asset's
 * row. While the connection is down the counts say since when they are.
 */
import { Box, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { ASSET_ROW_HEIGHT, MAP_ZOOM, SEARCH_DEBOUNCE_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import type { Thing } from '@flare/core/schemas/thing';
import { speedUnit, thingPosition } from '@flare/core/things/thing-display';
import { useLiveThings } from '../live/live-things-store';
import { usePref, setPref } from '../../../lib/prefs';
import { useSession } from '../../../lib/session';
import { centreMap, revealMap } from '../../../map/map-commands';
import { countThings, visibleThings, type ThingFilters } from './thing-filters';
import { filterOptions } from './filter-options';
import { OfflineAssetsNotice } from './offline-assets-notice';
import { ThingRow } from './thing-row';
import { ThingsFilterPanel } from './things-filter-panel';
import { useThingFilters } from './use-thing-filters';
import { cellForKey, rowForKey, type RowCell } from './grid-keys';
import { returningThingId } from '../navigation-state';
import { ListState } from '../../../components/ui/list-state';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { HelpTip } from '../../../components/ui/help-tip';
import { DataAsOf } from '../../../components/ui/data-as-of';
import { useResortHold } from './use-resort-hold';

/** Centres the map on the asset (at least the location zoom), when it has a position. */
function centreOnThing(thing: Thing): void {
  const position = thingPosition(thing);
  if (position) centreMap(position, MAP_ZOOM.locationCentreMin);
}

/** The row's map finder: centres the map on the asset, uncovering the map on a phone. */
export function findOnMap(thing: Thing): void {
  if (!thingPosition(thing)) return;
  revealMap();
  centreOnThing(thing);
}

export function ThingsListScreen() {
  const profile = useSession()?.profile;
  const { items: things, loaded, failure } = useLiveThings();
  const { filters, setFilters, showOffline } = useThingFilters();
  const navigate = useNavigate();
  const location = useLocation();
  const [stationView, setStationView] = usePref('stationView');
  const [densityView, setDensityView] = usePref('densityView');

  const all = useMemo(() => [...things.values()], [things]);
  const rows = useMemo(() => visibleThings(all, filters), [all, filters]);
  const counts = useMemo(() => countThings(all), [all]);
  const resort = useResortHold(rows, filters);
  const options = useMemo(() => filterOptions(all), [all]);

  const [search, setSearch] = useState(filters.search);
  const applySearch = useDebouncedCallback(
    (value: string) => setFilters({ ...filters, search: value }),
    SEARCH_DEBOUNCE_MS,
  );

  const applyFilters = (next: ThingFilters) => {
    setPref('showOffline', next.statuses.includes('offline'));
    setFilters({ ...next, search });
  };
  // Stable, so the memoised rows do not render again on every scroll frame.
  const select = useCallback(
    (thing: Thing) => {
      centreOnThing(thing);
      // The filters stay in the URL, so Back returns to the same list.
      void navigate({ pathname: thing.id, search: location.search });
    },
    [navigate, location.search],
  );

  const organization = useSubscribedOrganization();
  const respondersType = organization?.responders_type ?? 'none';
  const canRegister = profile ? can(profile.permissions, 'registerThing') : false;
  const wzdxOrg = organization?.is_wzdx_org ?? false;
  const unit = speedUnit(organization?.country_code ?? null);

  return (
    <Stack gap={0} h="100%">
      <Stack gap="xs" p="sm" pt={0}>
        <Group justify="space-between" align="baseline">
          <Group gap={4} wrap="nowrap">
            <Title order={1} size="h4">
              Assets {rows.length} / {counts.total}
            </Title>
            <HelpTip topic="things" />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="gray.7" aria-label="Online, offline and out-of-service assets">
              {counts.online} Online | {counts.offline} Offline | {counts.outOfService} OOS
            </Text>
            <DataAsOf />
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label="Search for an asset"
            placeholder="Search for an asset..."
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <ThingsFilterPanel
            applied={filters}
            showOffline={showOffline}
            options={options}
            respondersType={respondersType}
            onApply={applyFilters}
          />
        </Group>
        <Group gap="md">
          {canRegister && (
            <Button component={Link} to="new" size="xs" variant="light" leftSection={<IconPlus size={14} />}>
              New asset
            </Button>
          )}
          <Switch
            size="sm"
            label="Group View"
            checked={stationView}
            onChange={(event) => setStationView(event.currentTarget.checked)}
          />
          <Switch
            size="sm"
            label="Density View"
            checked={densityView}
            onChange={(event) => setDensityView(event.currentTarget.checked)}
          />
        </Group>
        <OfflineAssetsNotice offline={counts.offline} />
      </Stack>
      <ListState
        failure={failure}
        loading={!loaded}
        loadingLabel="Loading assets"
        empty={
          rows.length > 0 ? null : counts.total === 0 ? MESSAGES.noAssetsAvailable : MESSAGES.noAssetsSelected
        }
      >
        {() => (
          <Box
            style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
            {...resort.handlers}
          >
            <VirtualThingList
              rows={resort.shown}
              focusOnMount={returningThingId(location.state)}
              renderRow={(thing, tabStop) => (
                <ThingRow
                  thing={thing}
                  respondersType={respondersType}
                  wzdxOrg={wzdxOrg}
                  speedUnit={unit}
                  onSelect={select}
                  onFind={findOnMap}
                  tabStop={tabStop}
                />
              )}
            />
          </Box>
        )}
      </ListState>
    </Stack>
  );
}

/** The row holding the list's tab stop, by asset (it stays with the asset as rows move), and its control. */
interface TabStop {
  /** Null: the first row. */
  thingId: string | null;
  cell: RowCell;
}

/**
 * Only the rows in view are in the page: 65 px each, 90 px when out of service, and the row with the
 * tab stop wherever it is, so the list keeps its one tab stop however far it scrolls. Given
 * `focusOnMount`, the list opens scrolled to that asset's row, focused (the first row's when the
 * asset is not listed).
 */
export function VirtualThingList({
  rows,
  renderRow,
  focusOnMount = null,
}: {
  rows: Thing[];
  renderRow: (thing: Thing, tabStop: RowCell | null) => React.ReactNode;
  focusOnMount?: string | null;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const [tabStop, setTabStop] = useState<TabStop>({ thingId: focusOnMount, cell: 'open' });
  const activeIndex = useMemo(
    () => Math.max(0, tabStop.thingId ? rows.findIndex((thing) => thing.id === tabStop.thingId) : 0),
    [rows, tabStop.thingId],
  );
  /** Set when the tab stop moved by key (or the list opened to focus a row): focus follows it. */
  const focusPending = useRef(focusOnMount !== null);

  // Stable while the rows are: new functions on every render make the virtualizer re-measure every
  // row (50,000 of them) on each scroll frame.
  const estimateSize = useCallback(
    (index: number) =>
      rows[index]?.in_service === false ? ASSET_ROW_HEIGHT.outOfService : ASSET_ROW_HEIGHT.inService,
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  // The virtualizer is mutable by design; nothing here memoises what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: 8,
    // Rows render before the first layout measurement (and in tests without layout).
    initialRect: { width: 400, height: 800 },
  });

  useEffect(() => {
    if (focusOnMount !== null) virtualizer.scrollToIndex(activeIndex, { align: 'center' });
    // Once, as the list opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The moved tab stop's row is in the page from this render on: focus it.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const stop = parent.current?.querySelector<HTMLElement>(
      `[aria-rowindex="${activeIndex + 1}"] [tabindex="0"]`,
    );
    if (!stop) return;
    focusPending.current = false;
    stop.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.metaKey || !(event.target as HTMLElement).closest('[role="row"]')) return;
    const page = Math.floor((parent.current?.clientHeight ?? 0) / ASSET_ROW_HEIGHT.inService);
    const index = rowForKey(event.key, activeIndex, rows.length, page);
    const cell = cellForKey(event.key, tabStop.cell);
    if (index === null && cell === null) return;
    event.preventDefault();
    const next = { thingId: rows[index ?? activeIndex]!.id, cell: cell ?? tabStop.cell };
    if (index !== null) virtualizer.scrollToIndex(index, { align: 'auto' });
    if (next.thingId === rows[activeIndex]?.id && next.cell === tabStop.cell) return;
    focusPending.current = true;
    setTabStop(next);
  };
  // A control focused by pointer or Tab becomes the tab stop.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.dataset.cell as RowCell | undefined;
    const row = target.closest('[aria-rowindex]');
    const thing = row ? rows[Number(row.getAttribute('aria-rowindex')) - 1] : undefined;
    if (!cell || !thing || (thing.id === rows[activeIndex]?.id && cell === tabStop.cell)) return;
    setTabStop({ thingId: thing.id, cell });
  };

  return (
    <Box
      ref={parent}
      style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
      role="grid"
      aria-label="Assets"
      aria-rowcount={rows.length}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const thing = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {renderRow(thing, item.index === activeIndex ? tabStop.cell : null)}
            </div>
          );
        })}
      </Box>
    </Box>
  );
}
