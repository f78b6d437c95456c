/**
 * The map's tools: map type, show all, find my location and zoom in a
 * column at the bottom right, and the right-click menu. Rendered inside `MapView`.
 */
import { Stack } from '@mantine/core';
import { MapContextMenu } from './context-menu';
import { LocateControl } from './locate-control';
import { MapTypeControl } from './map-type-control';
import { ShowAllControl, type ShowAllTarget } from './show-all-control';
import { ZoomControl } from './zoom-control';

/** `showAll`: whether the map displays any asset, and their positions, which show-all fits. */
export function MapControls({ showAll }: { showAll: ShowAllTarget }) {
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
        <ShowAllControl target={showAll} />
        <LocateControl />
        <ZoomControl />
      </Stack>
      <MapContextMenu />
    </>
  );
}
