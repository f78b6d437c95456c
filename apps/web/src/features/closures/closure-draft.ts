/** The closure's route being drawn: the form in the drawer and the drawing layer on the map share it. */
import type { LngLat } from '@flare/core/areas/area-geometry';
import { createDraftStore, useDraft } from '../../lib/draft-store';

export const closureDraft = createDraftStore<{ line: LngLat[] }>();

export const useClosureDraft = () => useDraft(closureDraft);
