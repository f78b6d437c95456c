/**
 * The deck.gl variant the benchmark measures the things layer against: the same shaped data (the
 * app's shapeThings) drawn by deck.gl's IconLayer with binary attributes through the app's
 * DeckOverlay. The app chose the point-sprite layer after this comparison.
 */
import { useEffect, useState } from 'react';
import { IconLayer, type IconLayerProps } from '@deck.gl/layers';
import {
  ICON_MAPPING,
  iconAtlas,
  ARROW_ICON,
} from '../../../apps/web/src/features/things/map/things-icon-atlas';
import { ARROW_SCALE } from '../../../apps/web/src/features/things/map/things-gl-layer';
import {
  EMPTY_SHAPED,
  ICON_KEYS,
  shapeThings,
} from '../../../apps/web/src/features/things/map/things-layer-data';
import { useLiveThings } from '../../../apps/web/src/features/things/live/live-things-store';
import { useDeckLayers } from '../../../apps/web/src/map/deck-overlay';

const SIZE = 16;
const TONES = {
  location: [194, 37, 92],
  active: [224, 49, 49],
  standby: [25, 113, 194],
  pending: [232, 89, 12],
  offline: [73, 80, 87],
  outOfService: [134, 142, 150],
} as const;
const atlas = () => iconAtlas() as unknown as IconLayerProps['iconAtlas'];
/** Same row count: only the binary columns changed (deck.gl uploads those by identity). */
const sameRows = (next: { length: number }, previous: { length: number }) =>
  next.length === previous.length ? [] : null;

export function DeckThings() {
  const setLayers = useDeckLayers('things');
  const { items: things } = useLiveThings();
  const [shaped, setShaped] = useState(EMPTY_SHAPED);
  useEffect(() => {
    setShaped((previous) => shapeThings(things.values(), { now: Date.now(), toneColors: TONES }, previous));
  }, [things]);
  useEffect(() => {
    const icons = shaped.icons;
    setLayers([
      new IconLayer<unknown>({
        id: 'things-arrows',
        data: {
          length: shaped.arrows.count,
          attributes: {
            getPosition: { value: shaped.arrows.positions, size: 3 },
            getAngle: { value: shaped.arrows.angles, size: 1 },
            getColor: { value: shaped.arrows.tones, size: 4, normalized: true },
          },
        } as never,
        _dataDiff: sameRows as never,
        iconAtlas: atlas(),
        iconMapping: ICON_MAPPING,
        getIcon: () => ARROW_ICON,
        getSize: SIZE * ARROW_SCALE,
        billboard: false,
      }),
      new IconLayer<unknown>({
        id: 'things',
        data: {
          length: shaped.count,
          attributes: {
            getPosition: { value: shaped.positions, size: 3 },
            getColor: { value: shaped.colors, size: 4, normalized: true },
          },
        } as never,
        _dataDiff: sameRows as never,
        iconAtlas: atlas(),
        iconMapping: ICON_MAPPING,
        getIcon: (_: unknown, { index }: { index: number }) => ICON_KEYS[icons[index]!]!,
        updateTriggers: { getIcon: shaped.iconsVersion },
        getSize: SIZE,
        pickable: true,
      }),
    ]);
  }, [setLayers, shaped]);
  return null;
}
