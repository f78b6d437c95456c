/** Drawing a zone's line on the map while the zone form is open. */
import { LineDrawLayer } from '../../../map/line-draw-layer';
import { zoneDraft } from '../zone-draft';

export function ZoneDrawLayer() {
  return <LineDrawLayer store={zoneDraft} colour="#1864ab" />;
}
