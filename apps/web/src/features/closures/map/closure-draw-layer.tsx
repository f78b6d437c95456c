/** Drawing a closure's route on the map while the closure form is open, at zoom 15.5 or closer. */
import { useEffect } from 'react';
import { MAP_ZOOM } from '@flare/core/constants';
import { LineDrawLayer } from '../../../map/line-draw-layer';
import { useMap } from '../../../map/map-context';
import { closureDraft, useClosureDraft } from '../closure-draft';

export function ClosureDrawLayer() {
  const map = useMap();
  const drawing = useClosureDraft() !== null;
  useEffect(() => {
    if (drawing && map.getZoom() < MAP_ZOOM.addClosure) map.jumpTo({ zoom: MAP_ZOOM.addClosure });
  }, [map, drawing]);
  return <LineDrawLayer store={closureDraft} colour="#c92a2a" />;
}
