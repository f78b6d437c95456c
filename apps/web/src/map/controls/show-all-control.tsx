import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { showAllOnMap, type LngLat } from '../map-commands';

/** What show-all fits: read when pressed, so a large live fleet is not collected on every update. */
export interface ShowAllTarget {
  enabled: boolean;
  positions: () => LngLat[];
}

/** Spec 2 section 2: fits every displayed asset with 50 px padding (at most zoom 17). */
export function ShowAllControl({ target }: { target: ShowAllTarget }) {
  return (
    <Tooltip label="Show all" position="left">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Show all"
        disabled={!target.enabled}
        onClick={() => showAllOnMap(target.positions())}
      >
        <IconArrowsMaximize size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
