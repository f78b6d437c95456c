/** The id of the dashboard's route, which the entry's router patches in (router.tsx). */
export const DASHBOARD_ROUTE_ID = 'dashboard';
