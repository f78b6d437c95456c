/** The Trips section's routes. The screen loads on first visit. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TripsScreen = lazy(() => import('./trips-screen').then((m) => ({ default: m.TripsScreen })));

export const tripsRoutes: RouteObject[] = [{ index: true, element: <TripsScreen /> }];
