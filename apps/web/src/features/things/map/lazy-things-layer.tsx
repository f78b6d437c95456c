/**
 * The things layer as the shell mounts it inside the map view: its code, and MapLibre's, loads
 * with the map rather than with the sign-in page.
 */
import { lazy, Suspense } from 'react';

const ThingsLayer = lazy(() => import('./things-layer').then((m) => ({ default: m.ThingsLayer })));

export function LazyThingsLayer() {
  return (
    <Suspense fallback={null}>
      <ThingsLayer />
    </Suspense>
  );
}
