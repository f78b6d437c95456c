/**
 * The Events section's routes: list, detail, and Edit Location (edit-event access on a
 * large screen). Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const EventsListScreen = lazyScreen(() => import('./list/events-list-screen'), 'EventsListScreen');

const EventDetailScreen = lazyScreen(() => import('./detail/event-detail-screen'), 'EventDetailScreen');

const EditLocationScreen = lazyScreen(() => import('./edit/edit-location-screen'), 'EditLocationScreen');

/** Edit Location, for the app to mount behind its edit-event and large-screen guard. */
export const editLocationRoutes: RouteObject[] = [{ index: true, element: <EditLocationScreen /> }];

export const eventsRoutes: RouteObject[] = [
  { index: true, element: <EventsListScreen /> },
  { path: ':eventId', element: <EventDetailScreen /> },
];
