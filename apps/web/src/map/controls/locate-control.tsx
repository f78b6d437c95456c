import { ActionIcon, Box, Notification, Tooltip } from '@mantine/core';
import { IconCurrentLocation, IconCurrentLocationOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { MAP_ZOOM } from '@flare/core/constants';
import { useMap } from '../map-context';
import { useMyLocationLayer } from './my-location-layer';
import { useLocate } from './use-locate';

export function LocateControl() {
  const map = useMap();
  const { state, toggle, dismiss } = useLocate();
  const position = state.status === 'success' ? state.position : null;
  useMyLocationLayer(map, position);
  useEffect(() => {
    if (position) map.easeTo({ center: position, zoom: MAP_ZOOM.myLocation });
  }, [map, position]);

  const label = position ? 'Clear my location' : 'Find my location';
  return (
    <Box pos="relative">
      <Tooltip label={label} position="left">
        <ActionIcon
          variant={position ? 'filled' : 'default'}
          size="lg"
          aria-label={label}
          aria-busy={state.status === 'requesting'}
          loading={state.status === 'requesting'}
          loaderProps={{ 'aria-label': 'Finding your location' }}
          onClick={toggle}
        >
          {position ? (
            <IconCurrentLocationOff size={18} aria-hidden />
          ) : (
            <IconCurrentLocation size={18} aria-hidden />
          )}
        </ActionIcon>
      </Tooltip>
      {state.status === 'error' && (
        <Notification
          role="alert"
          color="red"
          withBorder
          onClose={dismiss}
          closeButtonProps={{ 'aria-label': 'Close location message' }}
          pos="absolute"
          right="calc(100% + 8px)"
          bottom={0}
          w={320}
        >
          {state.message}
        </Notification>
      )}
    </Box>
  );
}
