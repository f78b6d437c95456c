/** The R2R section's routes. The screen loads on first visit. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const R2rScreen = lazy(() => import('./r2r-screen').then((m) => ({ default: m.R2rScreen })));

export const r2rRoutes: RouteObject[] = [{ index: true, element: <R2rScreen /> }];
