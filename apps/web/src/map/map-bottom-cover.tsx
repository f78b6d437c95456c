/**
 * Something drawn over the lower part of the map (on a phone, an asset's sheet) hides what the map
 * centres there. While it does, the map's bottom padding leaves that part out, so whatever centres
 * the map (an opened asset, Follow, show-all, the last view) centres it in the part still showing.
 */
import { useLayoutEffect } from 'react';
import { useMap } from './map-context';

/** `fraction`: how much of the map's height is covered from its bottom (0: nothing). */
export function MapBottomCover({ fraction }: { fraction: number }) {
  const map = useMap();
  // Before the effects that move the map in the same commit (an opened asset centres it): the
  // padding jumps, which would stop a move already under way.
  useLayoutEffect(() => {
    const apply = () => {
      const bottom = Math.round(map.getContainer().clientHeight * fraction);
      const padding = map.getPadding();
      if (padding.bottom !== bottom) map.setPadding({ ...padding, bottom });
    };
    apply();
    // A phone turned on its side: the covered part changes with the map's height.
    map.on('resize', apply);
    return () => {
      map.off('resize', apply);
    };
  }, [map, fraction]);
  return null;
}
