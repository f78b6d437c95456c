/** GET /hazards/{id}/photo: the photo as a data: URL for an <img> (the call needs the session's token). */
import { useQuery } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client';
import { dataUrlOf } from '../photo-data';
import { HAZARDS_KEY } from './get-hazards';

export function useHazardPhoto(id: string) {
  return useQuery({
    queryKey: [HAZARDS_KEY, 'photo', id],
    queryFn: async () => dataUrlOf(await apiFetchBlob(`/hazards/${encodeURIComponent(id)}/photo`)),
    staleTime: Infinity,
    retry: false,
  });
}
