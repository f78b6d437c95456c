/** Data → Reports: the monthly reports screen, loaded on first visit. */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const MonthlyReportsScreen = lazyScreen(() => import('./monthly-reports-screen'), 'MonthlyReportsScreen');

export const reportsRoutes: RouteObject[] = [{ index: true, element: <MonthlyReportsScreen /> }];
