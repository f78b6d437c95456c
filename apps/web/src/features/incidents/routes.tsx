/**
 * The Events section's routes: list, detail, and Edit Location (edit-event access on a
 * large screen). Screens load on first visit, so the sign-in page does not carry them.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import { liveFeature, type FeatureManifest } from '../../lib/feature-manifest';
import { incidentsLiveHandler } from './live/incidents-live-handler';
import { LazyIncidentsLayer } from './map/lazy-incidents-layer';

const IncidentsListScreen = lazyScreen(() => import('./list/incidents-list-screen'), 'IncidentsListScreen');

const IncidentDetailScreen = lazyScreen(
  () => import('./detail/incident-detail-screen'),
  'IncidentDetailScreen',
);

const EditIncidentScreen = lazyScreen(() => import('./edit/edit-incident-screen'), 'EditIncidentScreen');

export const incidentsFeature: FeatureManifest = {
  section: {
    id: 'events',
    path: 'events',
    routes: [
      { index: true, element: <IncidentsListScreen /> },
      { path: ':incidentId', element: <IncidentDetailScreen /> },
    ],
    guarded: [
      {
        path: ':incidentId/edit',
        access: 'editIncident',
        desktopOnly: true,
        children: [{ index: true, element: <EditIncidentScreen /> }],
      },
    ],
  },
  live: liveFeature(incidentsLiveHandler),
  map: { markers: [LazyIncidentsLayer] },
};
