/**
 * The Live section's assets list: counts, search, filters, map-view toggles and a
 * virtualised list in the spec's order. Rows come from the live-things store, so they move as the
 * feed does, except while the user works in the list (use-resort-hold.ts). While the connection is
 * down the counts say since when they are.
 */
import { Box, Button, Center, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
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
import { ThingsLoadFailure } from './things-load-failure';
import { useThingFilters } from './use-thing-filters';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
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
  const { things, loaded, failure } = useLiveThings();
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
  const canRegister = profile ? can(profile.permissions, 'platformAdmin') : false;
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
      {failure ? (
        <ThingsLoadFailure failure={failure} />
      ) : !loaded ? (
        <Center p="lg">
          <LoadingIndicator label="Loading assets" />
        </Center>
      ) : rows.length === 0 ? (
        <Text p="md" c="gray.7" ta="center">
          {counts.total === 0 ? MESSAGES.noAssetsAvailable : MESSAGES.noAssetsSelected}
        </Text>
      ) : (
        <Box style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} {...resort.handlers}>
          <VirtualThingList
            rows={resort.shown}
            renderRow={(thing) => (
              <ThingRow
                thing={thing}
                respondersType={respondersType}
                wzdxOrg={wzdxOrg}
                speedUnit={unit}
                onSelect={select}
                onFind={findOnMap}
              />
            )}
          />
        </Box>
      )}
    </Stack>
  );
}

/** Only the rows in view are in the page: 65 px each, 90 px when out of service. */
export function VirtualThingList({
  rows,
  renderRow,
}: {
  rows: Thing[];
  renderRow: (thing: Thing) => React.ReactNode;
}) {
  const parent = useRef<HTMLDivElement>(null);
  // Stable while the rows are: new functions on every render make the virtualizer re-measure every
  // row (50,000 of them) on each scroll frame.
  const estimateSize = useCallback(
    (index: number) =>
      rows[index]?.in_service === false ? ASSET_ROW_HEIGHT.outOfService : ASSET_ROW_HEIGHT.inService,
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  // The virtualizer is mutable by design; nothing here memoises what it returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize,
    getItemKey,
    overscan: 8,
    // Rows render before the first layout measurement (and in tests without layout).
    initialRect: { width: 400, height: 800 },
  });
  return (
    <Box ref={parent} style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} role="list" aria-label="Assets">
      <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const thing = rows[item.index]!;
          return (
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
              {renderRow(thing)}
            </div>
          );
        })}
      </Box>
    </Box>
  );
}
