/** The driver view's route, outside the dashboard (no sign-in needed with a partner's link). It loads on first visit. */
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const DriveScreen = lazyScreen(() => import('./drive-screen'), 'DriveScreen');

export const driveRoute: RouteObject = { path: 'drive', element: <DriveScreen /> };
