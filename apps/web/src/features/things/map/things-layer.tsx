/**
 * The live assets on the map: icons by type and
 * status, stacked location-first, sized by zoom, with the compass arrow of moving assets, an info
 * window on hover and selection by click; Density View adds a heatmap and, with Group View below
 * zoom 14, station-linked assets collapse into their station. Shows the assets the list's filters
 * leave. Renders nothing: it adds its map layer in one effect and pushes data in another.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { markerSizeIndex } from '@flare/core/constants';
import type { Thing } from '@flare/core/schemas/thing';
import { isStale } from '@flare/core/status/thing-status';
import { usePref } from '../../../lib/prefs';
import { useLiveThings } from '../live/live-things-store';
import { useLiveNow } from '../../../lib/use-now';
import { useMap } from '../../../map/map-context';
import { useMapZoom } from '../../../map/use-map-zoom';
import { matchesFilters } from '../list/thing-filters';
import { useThingFilters } from '../list/use-thing-filters';
import { addDensityLayer, removeDensityLayer, ThingsLayerController } from './things-layer-controller';
import { shouldGroupStations } from './things-layer-data';
import { useStationGroups } from './use-station-groups';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';

/** Staleness is re-judged this often without a message (the store's timer is one second). */
const STALE_CHECK_MS = 5000;

export function ThingsLayer() {
  const map = useMap();
  const { items: things } = useLiveThings();
  const { filters } = useThingFilters();
  const [stationView] = usePref('stationView');
  const [densityView] = usePref('densityView');
  // Whole levels: every marker rule changes at a whole level (11, 13, 14).
  const zoom = Math.floor(useMapZoom(map));
  const stations = useStationGroups();
  // Frozen while the connection is down: what is on the map is the data as of then.
  const now = useLiveNow();
  const staleClock = now - (now % STALE_CHECK_MS);
  // Without messages assets only turn stale, so the drawing needs redoing only when that count
  // grows: an idle map does not repaint every 5 s (software WebGL pays dearly for each frame).
  const staleCount = useMemo(() => countStale(things, staleClock), [things, staleClock]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- re-judged only when the stale count or the assets change
  const judgedAt = useMemo(() => staleClock, [staleCount, things]);
  const selectedId = useMatch('/dashboard/things/:thingId/*')?.params.thingId ?? null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const grouping = stations.length > 0 && shouldGroupStations({ stationView, densityView, zoom });
  const shownStations = grouping ? stations : NO_STATIONS;
  const include = useMemo(() => {
    const grouped = new Set(shownStations.flatMap((station) => [...station.thingIds]));
    return (thing: Thing) => !grouped.has(thing.id) && matchesFilters(thing, filters);
  }, [filters, shownStations]);

  // The list's filters stay in the URL, so Back from the detail returns to the same list.
  const keepSearch = pathname.startsWith('/dashboard/things') ? search : '';
  const onSelect = useCallback(
    (id: string) => void navigate({ pathname: `/dashboard/things/${id}`, search: keepSearch }),
    [navigate, keepSearch],
  );

  const controller = useRef<ThingsLayerController | null>(null);
  useEffect(() => {
    const created = new ThingsLayerController(map);
    controller.current = created;
    return () => {
      created.dispose();
      controller.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!densityView) return;
    addDensityLayer(map);
    return () => removeDensityLayer(map);
  }, [map, densityView]);

  const organization = useSubscribedOrganization();
  const respondersType = organization?.responders_type ?? 'none';
  const countryCode = organization?.country_code ?? null;
  useEffect(() => {
    controller.current?.update({
      things,
      now: judgedAt,
      include,
      sizeIndex: markerSizeIndex(zoom),
      selectedId,
      stations: shownStations,
      density: densityView,
      respondersType,
      countryCode,
      onSelect,
    });
  }, [
    map,
    things,
    judgedAt,
    include,
    zoom,
    selectedId,
    shownStations,
    densityView,
    respondersType,
    countryCode,
    onSelect,
  ]);

  return null;
}

const NO_STATIONS: never[] = [];

function countStale(things: ReadonlyMap<string, Thing>, now: number): number {
  let count = 0;
  for (const thing of things.values()) {
    if (isStale(thing.heartbeat_datetime ? Date.parse(thing.heartbeat_datetime) : null, now)) count += 1;
  }
  return count;
}
