/** Data → Reports: the monthly reports screen, loaded on first visit. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MonthlyReportsScreen = lazy(() =>
  import('./monthly-reports-screen').then((m) => ({ default: m.MonthlyReportsScreen })),
);

export const reportsRoutes: RouteObject[] = [{ index: true, element: <MonthlyReportsScreen /> }];
