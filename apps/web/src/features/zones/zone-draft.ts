/** The zone's line being drawn: the form in the drawer and the drawing layer on the map share it. */
import type { LngLat } from '@flare/core/areas/area-geometry';
import { createDraftStore, useDraft } from '../../lib/draft-store';

export const zoneDraft = createDraftStore<{ line: LngLat[] }>();

export const useZoneDraft = () => useDraft(zoneDraft);
