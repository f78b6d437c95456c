/**
 * The map's tools for the dashboard: show-all fits the assets the map displays, that is those
 * the list's filters (in the URL) let through, by the same rule the layer draws with. The
 * positions are gathered when show-all is pressed, not on every live update. The map opens the
 * same way: fitted to them once the first load has arrived (a shared filtered link included).
 */
import { useCallback, useMemo } from 'react';
import type { Thing } from '@flare/core/schemas/thing';
import { thingPosition } from '@flare/core/things/thing-display';
import { useLiveThings } from '../live/live-things-store';
import { MapControls } from '../../../map/controls/map-controls';
import type { LngLat } from '../../../map/map-commands';
import { useFitOnce } from '../../../map/use-fit-once';
import { matchesFilters } from '../list/thing-filters';
import { useThingFilters } from '../list/use-thing-filters';

export function ThingsMapControls() {
  const { things, loaded } = useLiveThings();
  const { filters } = useThingFilters();
  const shownAt = useCallback(
    (thing: Thing) => (matchesFilters(thing, filters) ? thingPosition(thing) : null),
    [filters],
  );
  const enabled = useMemo(() => {
    for (const thing of things.values()) if (shownAt(thing)) return true;
    return false;
  }, [things, shownAt]);
  const positions = useCallback(
    () =>
      [...things.values()].flatMap((thing): LngLat[] => {
        const position = shownAt(thing);
        return position ? [position] : [];
      }),
    [things, shownAt],
  );
  useFitOnce(loaded, positions);
  return <MapControls showAll={{ enabled, positions }} />;
}
