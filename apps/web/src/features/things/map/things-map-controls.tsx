/**
 * The map's tools for the dashboard: show-all fits the assets the map displays, that is those
 * the list's filters (in the URL) let through, by the same rule the layer draws with. The
 * positions are gathered when show-all is pressed, not on every live update. The map opens fitted
 * to the organisation's own shown units once the first load has arrived (a shared filtered link
 * included; all shown assets when it has none there; the active incidents when no asset is shown),
 * and then offers the user's last view back. With
 * an asset selected, Follow keeps it in view.
 */
import { Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useMatch } from 'react-router';
import type { Thing } from '@flare/core/schemas/thing';
import { primaryDisplayName, thingPosition } from '@flare/core/things/thing-display';
import { can } from '@flare/core/permissions/access';
import { useSession } from '../../../lib/session';
import { useLiveThings } from '../live/live-things-store';
import { MapControls } from '../../../map/controls/map-controls';
import { LastViewOffer, useLastView } from '../../../map/last-view-offer';
import type { LngLat } from '../../../map/map-commands';
import { useMap } from '../../../map/map-context';
import { useFitOnce, type FitTarget } from '../../../map/use-fit-once';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { matchesFilters } from '../list/thing-filters';
import { useThingFilters } from '../list/use-thing-filters';
import { FollowControl } from './follow-control';

/**
 * `withoutAssets`: what the map opens on when there are no assets to fit (the app gives the active
 * incidents: a Media user sees incidents but no assets).
 */
export function ThingsMapControls({ withoutAssets }: { withoutAssets: FitTarget }) {
  const map = useMap();
  const { items: things, loaded } = useLiveThings();
  const { filters } = useThingFilters();
  const shownAt = useCallback(
    (thing: Thing) => (matchesFilters(thing, filters) ? thingPosition(thing) : null),
    [filters],
  );
  const enabled = useMemo(() => {
    for (const thing of things.values()) if (shownAt(thing)) return true;
    return false;
  }, [things, shownAt]);
  const positionsOf = useCallback(
    (list: Iterable<Thing>) =>
      [...list].flatMap((thing): LngLat[] => {
        const position = shownAt(thing);
        return position ? [position] : [];
      }),
    [shownAt],
  );
  const positions = useCallback(() => positionsOf(things.values()), [things, positionsOf]);
  // Shared assets of other organisations (an accessor's arrow boards 250 km away) would make the
  // organisation's own fleet a speck: the map opens on its own units, "Show all" shows every asset.
  const organizationId = useSubscribedOrganization()?.id;
  const openingPositions = useCallback(() => {
    const own = positionsOf([...things.values()].filter((thing) => thing.organization.id === organizationId));
    if (own.length > 0) return own;
    const shown = positions();
    return shown.length > 0 ? shown : withoutAssets.positions();
  }, [things, organizationId, positionsOf, positions, withoutAssets]);
  const seesAssets = can(useSession()?.profile?.permissions ?? [], 'viewThings');
  const openingReady = (loaded || !seesAssets) && withoutAssets.ready;
  // Before the opening fit, so the last view is read before that move is remembered.
  const lastView = useLastView(map);
  useFitOnce(openingReady, openingPositions);
  const selectedId = useMatch('/dashboard/things/:thingId/*')?.params.thingId ?? null;
  const selected = selectedId ? things.get(selectedId) : undefined;
  return (
    <>
      <MapControls showAll={{ enabled, positions }} />
      {/* Middle, below the top corners' row (the area search and the account menu, 12 px down and
          about 40 px high): a map narrowed by the side panel has no room between them. */}
      <Stack
        gap="xs"
        align="center"
        pos="absolute"
        top={64}
        left="50%"
        style={{ transform: 'translateX(-50%)', zIndex: 3 }}
      >
        <LastViewOffer ready={openingReady} lastView={lastView} />
        {selected && (
          <FollowControl
            key={selected.id}
            name={primaryDisplayName(selected)}
            position={thingPosition(selected)}
          />
        )}
      </Stack>
    </>
  );
}
