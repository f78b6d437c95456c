import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import { fitMap, type LngLat } from '../map-commands';

/** Spec 2 section 2: fits every displayed asset with 50 px padding (at most zoom 17). */
export function ShowAllControl({ positions }: { positions: LngLat[] }) {
  return (
    <Tooltip label="Show all" position="left">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Show all"
        disabled={positions.length === 0}
        onClick={() => fitMap(positions)}
      >
        <IconArrowsMaximize size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
