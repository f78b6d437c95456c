/** The area being drawn: the form in the drawer and the drawing layer on the map share it. */
import type { LngLat } from '@flare/core/areas/area-geometry';
import { createDraftStore, useDraft, type Drafted } from '../../../lib/draft-store';

/** `circle` while a circle is being drawn: once drawn it is a polygon tracing the circle. */
export type DraftShape = 'polygon' | 'circle' | 'poi' | 'legacy';

interface AreaShape {
  shape: DraftShape;
  /** The area's position: the point of interest, or the polygon's centre. Null until set. */
  position: { lat: number; lng: number } | null;
  /** The polygon's points, open (the first is not repeated at the end). */
  ring: LngLat[];
  /** Legacy circles: the radius in miles. */
  radiusMiles: number;
}

export type AreaDraft = Drafted<AreaShape>;

export const areaDraft = createDraftStore<AreaShape>();

export const useAreaDraft = () => useDraft(areaDraft);
