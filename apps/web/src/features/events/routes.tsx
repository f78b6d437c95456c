/**
 * The Events section's routes: list, detail, and Edit Location (edit-event access on a
 * large screen). Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import { liveFeature, type FeatureManifest } from '../../lib/feature-manifest';
import { locationsLiveHandler } from './live/locations-live-handler';
import { LazyLocationsLayer } from './map/lazy-locations-layer';

const EventsListScreen = lazyScreen(() => import('./list/events-list-screen'), 'EventsListScreen');

const EventDetailScreen = lazyScreen(() => import('./detail/event-detail-screen'), 'EventDetailScreen');

const EditLocationScreen = lazyScreen(() => import('./edit/edit-location-screen'), 'EditLocationScreen');

export const eventsFeature: FeatureManifest = {
  section: {
    id: 'events',
    path: 'events',
    routes: [
      { index: true, element: <EventsListScreen /> },
      { path: ':eventId', element: <EventDetailScreen /> },
    ],
    guarded: [
      {
        path: ':eventId/edit',
        access: 'editEvent',
        desktopOnly: true,
        children: [{ index: true, element: <EditLocationScreen /> }],
      },
    ],
  },
  live: liveFeature(locationsLiveHandler),
  map: { markers: [LazyLocationsLayer] },
};
