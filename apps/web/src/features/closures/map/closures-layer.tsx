/**
 * Closures on the map, for users who see closures: in the Closures section every closure's route,
 * coloured by its status (the closure being edited is left to the drawing layer); in the Live section
 * the roads closed now (active closures), so dispatchers route around them.
 */
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { useSession } from '../../../lib/session';
import { EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useClosures } from '../api/get-closures';
import { CLOSURE_STATUS_LOOK, CLOSURES_PATH } from '../closure-look';

/** The Live section (assets and their map). */
const LIVE_PATH = '/dashboard/things';

const ROUTES: readonly SourceLayer[] = [
  {
    id: 'flare-closure-routes',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': 6, 'line-opacity': 0.85 },
  },
];

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Which closures the map shows on this screen. */
function shownOn(pathname: string): 'all' | 'active' | null {
  if (within(pathname, CLOSURES_PATH)) return 'all';
  if (within(pathname, LIVE_PATH)) return 'active';
  return null;
}

export function ClosuresLayer() {
  const { pathname } = useLocation();
  const profile = useSession()?.profile;
  const shown = profile && can(profile.permissions, 'viewClosures') ? shownOn(pathname) : null;
  const editing = pathname.endsWith('/edit') ? pathname.split('/').at(-2) : null;
  const closures = useClosures({ enabled: shown !== null });
  const routes = useMemo((): FeatureCollection => {
    if (!shown || !closures.data) return EMPTY_COLLECTION;
    return {
      type: 'FeatureCollection',
      features: closures.data.data
        .filter((closure) => shown === 'all' || closure.status === 'active')
        .filter((closure) => closure.id !== editing && closure.route_path.coordinates.length >= 2)
        .map((closure) => ({
          type: 'Feature',
          properties: {
            id: closure.id,
            status: closure.status,
            colour: CLOSURE_STATUS_LOOK[closure.status].colour,
          },
          geometry: closure.route_path,
        })),
    };
  }, [shown, closures.data, editing]);
  useGeoJsonLayer('flare-closure-routes', ROUTES, routes);
  return null;
}
