/**
 * The map's tools (spec 1 section 2, "Map tools"): map type, show all, find my location and zoom in a
 * column at the bottom right, and the right-click menu. Rendered inside `MapView`.
 */
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useLiveThings } from '../../live/live-things-store';
import { thingPosition } from '@flare/core/things/thing-display';
import type { LngLat } from '../map-commands';
import { MapContextMenu } from './context-menu';
import { LocateControl } from './locate-control';
import { MapTypeControl } from './map-type-control';
import { ShowAllControl } from './show-all-control';
import { ZoomControl } from './zoom-control';

/** Every live asset with a position: what show-all fits unless it is told which assets are displayed. */
function useLiveThingPositions(): LngLat[] {
  const { things } = useLiveThings();
  return useMemo(
    () =>
      [...things.values()].flatMap((thing): LngLat[] => {
        const position = thingPosition(thing);
        return position ? [position] : [];
      }),
    [things],
  );
}

export function MapControls({ showAllPositions }: { showAllPositions?: LngLat[] }) {
  const livePositions = useLiveThingPositions();
  return (
    <>
      <Stack
        role="group"
        aria-label="Map tools"
        gap="xs"
        align="flex-end"
        pos="absolute"
        right={10}
        bottom={36}
        style={{ zIndex: 2 }}
      >
        <MapTypeControl />
        <ShowAllControl positions={showAllPositions ?? livePositions} />
        <LocateControl />
        <ZoomControl />
      </Stack>
      <MapContextMenu />
    </>
  );
}
