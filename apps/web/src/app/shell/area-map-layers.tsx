/**
 * The areas on the shell map, for users who see areas: their icons with the count of assets parked at
 * each (counts from the live assets, which the areas feature does not know), the selected area's
 * shape, and on large screens "Jump to your saved areas...".
 */
import { Box } from '@mantine/core';
import { can } from '@flare/core/permissions/access';
import { AreaJumpSearch } from '../../features/areas/map/area-jump-search';
import { LazyAreaIconsLayer, LazyAreaShapeLayer } from '../../features/areas/map/lazy-area-layers';
import { useStationCounts } from '../../features/things/map/use-station-groups';
import { useSession } from '../../lib/session';

function useSeesAreas(): boolean {
  const profile = useSession()?.profile;
  return !!profile && can(profile.permissions, 'viewAreas');
}

export function AreaMapLayers() {
  const counts = useStationCounts();
  if (!useSeesAreas()) return null;
  return (
    <>
      <LazyAreaIconsLayer counts={counts} />
      <LazyAreaShapeLayer />
    </>
  );
}

export function AreaJumpControl() {
  if (!useSeesAreas()) return null;
  return (
    <Box pos="absolute" top={12} left={12} style={{ zIndex: 2 }}>
      <AreaJumpSearch />
    </Box>
  );
}
