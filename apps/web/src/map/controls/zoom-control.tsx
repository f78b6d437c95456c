import { ActionIcon } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useMap } from '../map-context';
import { useMapZoom } from '../use-map-zoom';

export function ZoomControl() {
  const map = useMap();
  const zoom = useMapZoom(map);
  return (
    <ActionIcon.Group orientation="vertical" aria-label="Zoom">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Zoom in"
        disabled={zoom >= map.getMaxZoom()}
        onClick={() => map.zoomIn()}
      >
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Zoom out"
        disabled={zoom <= map.getMinZoom()}
        onClick={() => map.zoomOut()}
      >
        <IconMinus size={18} aria-hidden />
      </ActionIcon>
    </ActionIcon.Group>
  );
}
