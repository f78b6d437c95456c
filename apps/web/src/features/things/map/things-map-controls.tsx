/**
 * The map's tools for the dashboard: show-all fits the assets the map displays, that is those
 * the list's filters (in the URL) let through, by the same rule the layer draws with.
 */
import { useMemo } from 'react';
import { thingPosition } from '@flare/core/things/thing-display';
import { useLiveThings } from '../../../live/live-things-store';
import { MapControls } from '../../../map/controls/map-controls';
import type { LngLat } from '../../../map/map-commands';
import { matchesFilters } from '../list/thing-filters';
import { useThingFilters } from '../list/use-thing-filters';

export function ThingsMapControls() {
  const { things } = useLiveThings();
  const { filters } = useThingFilters();
  const positions = useMemo(
    () =>
      [...things.values()].flatMap((thing): LngLat[] => {
        const position = matchesFilters(thing, filters) ? thingPosition(thing) : null;
        return position ? [position] : [];
      }),
    [things, filters],
  );
  return <MapControls showAllPositions={positions} />;
}
