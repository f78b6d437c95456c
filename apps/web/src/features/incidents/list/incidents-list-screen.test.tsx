import { formatLatLng } from '@flare/core/schemas/incident';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_ZOOM } from '@flare/core/constants';
import { INCIDENT_MESSAGES } from '@flare/core/schemas/incident';
import { makeIncident, makeIncidentThing } from '@flare/core/testing/incidents';
import { signOut, startSession } from '../../../lib/session';
import { onMapCommand, type MapCommand } from '../../../map/map-commands';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveIncidents } from '../live/live-incidents-store';
import { IncidentsListScreen } from './incidents-list-screen';

const routes = [
  { path: '/dashboard/events', element: <IncidentsListScreen /> },
  { path: '/dashboard/events/:incidentId', element: <p>Detail</p> },
];

const rows = (label = 'Events') => {
  const list = screen.queryByRole('list', { name: label });
  return list ? within(list).queryAllByRole('listitem') : [];
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => {
  vi.restoreAllMocks();
  signOut();
  vi.unstubAllGlobals();
  liveIncidents.clear();
});

describe('events list', () => {
  const active = makeIncident({
    external_id: 'INC-1',
    street: 'Lincoln Ave',
    start_time: minutesAgo(10),
    things_active: [makeIncidentThing({ name: 'Engine 7' })],
  });
  const lastNight = makeIncident({
    external_id: 'INC-2',
    is_active: false,
    street: null,
    start_time: minutesAgo(20 * 60),
    end_time: minutesAgo(19 * 60),
    things_inactive: [makeIncidentThing({ name: 'Medic 3' })],
  });
  const lastWeek = makeIncident({
    external_id: 'INC-3',
    is_active: false,
    start_time: minutesAgo(5 * 24 * 60),
    end_time: minutesAgo(5 * 24 * 60 - 30),
  });

  it('counts active and recent incidents, shows 24 hrs by default, and each Display choice', () => {
    liveIncidents.replaceAll([lastWeek, lastNight, active]);
    renderRoutes(routes, '/dashboard/events');
    expect(screen.getByLabelText('Active and recent Events').textContent).toBe('1 Active | 2 Recent');
    expect(screen.getByRole('radio', { name: '24 hrs' })).toHaveProperty('checked', true);
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('INC-1'),
      expect.stringContaining('INC-2'),
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Active Only' }));
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'All Recent' }));
    expect(rows()).toHaveLength(3);
    // The recent one without a street is titled by its position, never a blank.
    expect(rows()[1]!.textContent).toContain(formatLatLng(lastNight));
    expect(rows()[1]!.textContent).not.toContain('—');
  });

  it('searches asset names, street and System ID after typing stops', async () => {
    liveIncidents.replaceAll([lastNight, active]);
    renderRoutes(routes, '/dashboard/events');
    const search = screen.getByRole('textbox', { name: 'Search Asset, Street, or System ID' });
    fireEvent.change(search, { target: { value: 'medic' } });
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('INC-2');
    fireEvent.change(search, { target: { value: 'inc-1' } });
    await vi.waitFor(() => expect(rows()[0]!.textContent).toContain('INC-1'));
  });

  it('opens an incident and centres the map on it at the event-locate zoom', () => {
    const commands: MapCommand[] = [];
    const stop = onMapCommand((command) => commands.push(command));
    liveIncidents.replaceAll([active]);
    const { router } = renderRoutes(routes, '/dashboard/events?display=active');
    fireEvent.click(within(rows()[0]!).getByTitle('INC-1, Lincoln Ave'));
    stop();
    expect(router.state.location.pathname).toBe(`/dashboard/events/${active.id}`);
    expect(router.state.location.search).toBe('?display=active');
    expect(commands).toEqual([
      { kind: 'centre', position: [active.lng, active.lat], zoom: MAP_ZOOM.incidentLocate },
    ]);
  });

  it('says "Incidents" for an all-responders organisation, and why the first load failed', async () => {
    fakeApi({
      'GET /profile': () => ({
        status: 200,
        body: fakeProfile(['incident:read'], { respondersType: 'all' }),
      }),
    });
    await startSession(fakeTokens());
    liveIncidents.loadFailed(INCIDENT_MESSAGES.organizationNotFound, () => undefined);
    renderRoutes(routes, '/dashboard/events');
    expect(screen.getByRole('heading', { level: 1, name: 'Incidents' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(INCIDENT_MESSAGES.organizationNotFound);
  });
});
