import { Center } from '@mantine/core';
import { LoadingIndicator } from '../components/ui/loading-indicator';

/** Shown over the map's area while its code, settings or style load. */
export function MapLoading() {
  return (
    <Center pos="absolute" inset={0}>
      <LoadingIndicator label="Loading map" />
    </Center>
  );
}
