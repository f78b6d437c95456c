/** Drawing a zone's line on the map while the zone form is open. */
import { ShapeDrawLayer } from '../../../map/shape-draw-layer';
import { zoneDraft } from '../zone-draft';

export function ZoneDrawLayer() {
  return <ShapeDrawLayer store={zoneDraft} colour="#1864ab" />;
}
