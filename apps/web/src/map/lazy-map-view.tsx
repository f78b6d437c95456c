/**
 * The map as the shell imports it: MapLibre and the map's code load only when a map is shown, so
 * the sign-in page does not carry them, and only where WebGL is available.
 */
import { Suspense, useState } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import type { MapViewProps } from './map-view';
import { MapLoading } from './map-loading';
import { testHooks } from '../config/test-hooks';
import { isWebGLAvailable } from './webgl-support';
import { WebGLUnavailable } from './webgl-dialog';

const MapView = lazyScreen(() => import('./map-view'), 'MapView');

export function LazyMapView(props: Omit<MapViewProps, 'onWebGLFailure'>) {
  const [webgl, setWebgl] = useState(isWebGLAvailable);
  if (testHooks()?.map === 'none') return null;
  if (!webgl) return <WebGLUnavailable />;
  return (
    <Suspense fallback={<MapLoading />}>
      <MapView {...props} onWebGLFailure={() => setWebgl(false)} />
    </Suspense>
  );
}
