/** The Trips section's routes. The screen loads on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const TripsScreen = lazyScreen(() => import('./trips-screen'), 'TripsScreen');

export const tripsRoutes: RouteObject[] = [{ index: true, element: <TripsScreen /> }];
