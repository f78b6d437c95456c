import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_MESSAGES } from '@flare/core/schemas/location';
import { makeLocation, makeLocationThing } from '@flare/core/testing/locations';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveLocations } from '../live/live-locations-store';
import { EventDetailScreen } from './event-detail-screen';

const routes = [{ path: '/dashboard/events/:eventId', element: <EventDetailScreen /> }];

async function signedInAs(permissions: string[]) {
  fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }) });
  await startSession(fakeTokens());
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  liveLocations.clear();
});

describe('event detail', () => {
  const engine = makeLocationThing({ name: 'Engine 7', runtime: 125 });
  const medic = makeLocationThing({ name: 'Medic 3', end_time: '2026-11-22T10:05:00.000Z' });
  const location = makeLocation({
    external_id: 'INC-9',
    lat: 39.7817,
    lng: -89.6501,
    roadway_heading: 90,
    things_active: [engine],
    things_inactive: [medic],
  });

  it('shows the street, position, heading, times, message, System ID and vehicles linking to their assets', async () => {
    await signedInAs(['incident:read', 'incident:update']);
    liveLocations.replaceAll([location]);
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

  it('offers Edit Location only with the edit-event access and while the incident is active', async () => {
    await signedInAs(['incident:read']);
    liveLocations.replaceAll([location]);
    const view = renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.queryByRole('link', { name: 'Edit Location' })).toBeNull();
    view.unmount();
    signOut();
    await signedInAs(['incident:read', 'incident:update']);
    liveLocations.replaceAll([{ ...location, is_active: false, end_time: '2026-11-22T11:00:00.000Z' }]);
    renderRoutes(routes, `/dashboard/events/${location.id}`);
    expect(screen.queryByRole('link', { name: 'Edit Location' })).toBeNull();
    expect(screen.getByText('1:00:00')).toBeTruthy();
  });

  it('says so when the incident is not among those loaded', () => {
    liveLocations.replaceAll([]);
    renderRoutes(routes, '/dashboard/events/unknown');
    expect(screen.getByRole('alert').textContent).toBe(LOCATION_MESSAGES.notFound);
  });
});
