/**
 * Follow: while on, the map keeps the selected asset in its middle as the asset moves. Panning the
 * map (a drag, or the arrow keys on the map) means the user wants to look elsewhere: following
 * ends and a notice says so. Zooming keeps following, a pinch included. Another selection starts
 * with it off.
 */
import { Button, Notification, Tooltip } from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import type { Map as MapLibreMap, MapEventType } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import type { LngLat } from '../../../map/map-commands';
import { useMap } from '../../../map/map-context';

/** How long each re-centring eases: under the live feed's one second between updates. */
export const FOLLOW_EASE_MS = 600;
/** How long the "Follow ended" notice stays unless closed. */
export const FOLLOW_ENDED_NOTICE_MS = 10_000;
const PAN_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Whether a map drag is a gesture of two or more fingers: a pinch (zoom or rotate). MapLibre's touch
 * pan follows the touches' centroid, so a pinch whose midpoint drifts a few pixels starts a drag too;
 * its 'dragstart' carries the touch event that moved it, and that event lists the fingers down. A
 * one-finger drag and a mouse drag (a MouseEvent: no `touches`) are not.
 */
function isMultiTouch({ originalEvent }: MapEventType['dragstart']) {
  // `'touches' in`, not `instanceof TouchEvent`: desktop Firefox has no TouchEvent.
  return originalEvent !== undefined && 'touches' in originalEvent && originalEvent.touches.length > 1;
}

/** Whether the map follows, and whether following just ended because the user panned. */
export function useFollow(map: MapLibreMap, position: LngLat | null) {
  const [following, setFollowing] = useState(false);
  const [ended, setEnded] = useState(false);
  const [lng, lat] = position ?? [null, null];

  useEffect(() => {
    if (following && lng !== null && lat !== null) {
      map.easeTo({ center: [lng, lat], duration: FOLLOW_EASE_MS });
    }
  }, [map, following, lng, lat]);

  useEffect(() => {
    if (!following) return;
    const stop = () => {
      setFollowing(false);
      setEnded(true);
    };
    const onDragStart = (event: MapEventType['dragstart']) => {
      if (!isMultiTouch(event)) stop();
    };
    const onKey = (event: KeyboardEvent) => {
      if (PAN_KEYS.has(event.key)) stop();
    };
    const canvas = map.getCanvas();
    map.on('dragstart', onDragStart);
    canvas.addEventListener('keydown', onKey);
    return () => {
      map.off('dragstart', onDragStart);
      canvas.removeEventListener('keydown', onKey);
    };
  }, [map, following]);

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => setEnded(false), FOLLOW_ENDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  return {
    following,
    ended,
    toggle: () => {
      setFollowing((on) => !on);
      setEnded(false);
    },
    dismissEnded: () => setEnded(false),
  };
}

/** The Follow toggle for the selected asset (`name`, at `position`), and the notice when it ends. */
export function FollowControl({ name, position }: { name: string; position: LngLat | null }) {
  const map = useMap();
  const { following, ended, toggle, dismissEnded } = useFollow(map, position);
  return (
    <>
      <Tooltip label={following ? `Stop following ${name}` : `Keep ${name} in view as it moves`}>
        <Button
          size="compact-md"
          variant={following ? 'filled' : 'default'}
          aria-pressed={following}
          disabled={!position}
          leftSection={<IconFocus2 size={16} aria-hidden />}
          onClick={toggle}
        >
          Follow
        </Button>
      </Tooltip>
      {ended && (
        <Notification
          role="status"
          withBorder
          onClose={dismissEnded}
          closeButtonProps={{ 'aria-label': 'Close follow message' }}
          w={280}
        >
          Follow ended: you moved the map.
        </Notification>
      )}
    </>
  );
}
