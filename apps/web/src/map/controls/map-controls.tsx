/**
 * The map's tools (spec 1 section 2, "Map tools"): map type, show all, find my location and zoom in a
 * column at the bottom right, and the right-click menu. Rendered inside `MapView`.
 */
import { Stack } from '@mantine/core';
import type { LngLat } from '../map-commands';
import { MapContextMenu } from './context-menu';
import { LocateControl } from './locate-control';
import { MapTypeControl } from './map-type-control';
import { ShowAllControl } from './show-all-control';
import { ZoomControl } from './zoom-control';

/** `showAllPositions`: the assets the map displays, which show-all fits. */
export function MapControls({ showAllPositions }: { showAllPositions: LngLat[] }) {
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
        <ShowAllControl positions={showAllPositions} />
        <LocateControl />
        <ZoomControl />
      </Stack>
      <MapContextMenu />
    </>
  );
}
