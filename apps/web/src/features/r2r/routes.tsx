/** The R2R section's routes. The screen loads on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const R2rScreen = lazyScreen(() => import('./r2r-screen'), 'R2rScreen');

export const r2rRoutes: RouteObject[] = [{ index: true, element: <R2rScreen /> }];
