/**
 * The Events section's routes: list, detail, and Edit Location (edit-event access on a
 * large screen). Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const EventsListScreen = lazy(() =>
  import('./list/events-list-screen').then((m) => ({ default: m.EventsListScreen })),
);

const EventDetailScreen = lazy(() =>
  import('./detail/event-detail-screen').then((m) => ({ default: m.EventDetailScreen })),
);

const EditLocationScreen = lazy(() =>
  import('./edit/edit-location-screen').then((m) => ({ default: m.EditLocationScreen })),
);

/** Edit Location, for the app to mount behind its edit-event and large-screen guard. */
export const editLocationRoutes: RouteObject[] = [{ index: true, element: <EditLocationScreen /> }];

export const eventsRoutes: RouteObject[] = [
  { index: true, element: <EventsListScreen /> },
  { path: ':eventId', element: <EventDetailScreen /> },
];
