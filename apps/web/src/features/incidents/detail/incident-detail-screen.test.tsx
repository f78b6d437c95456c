import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_ZOOM } from '@flare/core/constants';
import { INCIDENT_MESSAGES } from '@flare/core/schemas/incident';
import { onMapCommand, type MapCommand } from '../../../map/map-commands';
import { makeIncident, makeIncidentThing } from '@flare/core/testing/incidents';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveIncidents } from '../live/live-incidents-store';
import { IncidentDetailScreen } from './incident-detail-screen';

const routes = [{ path: '/dashboard/events/:incidentId', element: <IncidentDetailScreen /> }];

async function signedInAs(permissions: string[]) {
  fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }) });
  await startSession(fakeTokens());
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  liveIncidents.clear();
});

describe('event detail', () => {
  const engine = makeIncidentThing({ name: 'Engine 7', runtime: 125 });
  const medic = makeIncidentThing({ name: 'Medic 3', end_time: '2026-11-22T10:05:00.000Z' });
  const location = makeIncident({
    external_id: 'INC-9',
    lat: 39.7817,
    lng: -89.6501,
    roadway_heading: 90,
    things_active: [engine],
    things_inactive: [medic],
  });

  it('shows the street, position, heading, times, message, System ID and vehicles linking to their assets', async () => {
    await signedInAs(['incident:read', 'incident:update']);
    liveIncidents.replaceAll([location]);
    renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Main St' })).toBeTruthy();
    expect(screen.getByText('39.78170, -89.65010')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Roadway heading 90°' })).toBeTruthy();
    expect(screen.getByText(location.alert_message)).toBeTruthy();
    expect(screen.getByText('INC-9')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Engine 7' }).getAttribute('href')).toBe(
      `/dashboard/things/${engine.id}`,
    );
    expect(screen.getByRole('link', { name: 'Medic 3' }).getAttribute('href')).toBe(
      `/dashboard/things/${medic.id}`,
    );
    expect(screen.getByText('on scene 2:05')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Location' })).toBeTruthy();
  });

  it('shows the extent, and centres a geo marker on the middle of its shape at zoom 16', async () => {
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    await signedInAs(['incident:read']);
    const circle = makeIncident({
      lat: 39.7817,
      lng: -89.6501,
      features: { type: 'Circle', coordinates: [-89.6495, 39.782], radius: 150 },
    });
    liveIncidents.replaceAll([location, circle]);
    const view = renderRoutes(routes, `/dashboard/events/${circle.id}`);
    expect(screen.getByText('Extent').nextElementSibling?.textContent).toBe('Circle, 150 m radius');
    view.unmount();
    renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.getByText('Extent').nextElementSibling?.textContent).toBe('Point');
    stop();
    expect(commands).toEqual([
      { kind: 'centre', position: [-89.6495, 39.782], zoom: MAP_ZOOM.geoMarkerLocate },
      { kind: 'centre', position: [location.lng, location.lat], zoom: MAP_ZOOM.incidentLocate },
    ]);
  });

  it('offers Edit Location only with the edit-event access and while the incident is active', async () => {
    await signedInAs(['incident:read']);
    liveIncidents.replaceAll([location]);
    const view = renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.queryByRole('link', { name: 'Edit Location' })).toBeNull();
    view.unmount();
    signOut();
    await signedInAs(['incident:read', 'incident:update']);
    liveIncidents.replaceAll([{ ...location, is_active: false, end_time: '2026-11-22T11:00:00.000Z' }]);
    renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.queryByRole('link', { name: 'Edit Location' })).toBeNull();
    expect(screen.getByText('1:00:00')).toBeTruthy();
  });

  it('says so when the incident is not among those loaded', () => {
    liveIncidents.replaceAll([]);
    renderRoutes(routes, '/dashboard/events/unknown');
    expect(screen.getByRole('alert').textContent).toBe(INCIDENT_MESSAGES.notFound);
  });
});
