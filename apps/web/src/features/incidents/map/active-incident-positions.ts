/**
 * Where the active incidents are, for the map's opening view when it has no assets to fit (a Media
 * user sees incidents but no assets): ready once the incidents have loaded, or at once for a user
 * who may not see them.
 */
import { useCallback } from 'react';
import { can } from '@flare/core/permissions/access';
import { useSession } from '../../../lib/session';
import type { LngLat } from '../../../map/map-commands';
import type { FitTarget } from '../../../map/use-fit-once';
import { useLiveIncidents } from '../live/live-incidents-store';

export function useActiveIncidentPositions(): FitTarget {
  const { items: locations, loaded } = useLiveIncidents();
  const seesIncidents = can(useSession()?.profile?.permissions ?? [], 'viewIncidents');
  const positions = useCallback(
    () =>
      [...locations.values()].flatMap((location): LngLat[] =>
        location.is_active ? [[location.lng, location.lat]] : [],
      ),
    [locations],
  );
  return { ready: loaded || !seesIncidents, positions };
}
