import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INCIDENT_MESSAGES } from '@flare/core/schemas/incident';
import { makeIncident } from '@flare/core/testing/incidents';
import { resetPrefsCache } from '../../../lib/prefs';
import { fakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveIncidents } from '../live/live-incidents-store';
import { EditIncidentScreen } from './edit-incident-screen';
import { EXTENT_MESSAGES } from '@flare/core/incidents/incident-extent';
import { extentPoints, incidentDraft } from './incident-draft';

const location = makeIncident({ lat: 39.7817, lng: -89.6501, roadway_heading: 90 });
const routes = [
  { path: '/dashboard/events/:incidentId/edit', element: <EditIncidentScreen /> },
  { path: '/dashboard/events/:incidentId', element: <p>Detail</p> },
];
/** 50 m north of the start: within the limit. */
const near = { lat: location.start_lat + 50 / 111_195, lng: location.start_lng };

afterEach(() => {
  vi.unstubAllGlobals();
  liveIncidents.clear();
  localStorage.clear();
  resetPrefsCache();
});

function renderEdit() {
  liveIncidents.replaceAll([location]);
  const view = renderRoutes(routes, `/dashboard/events/${location.id}/edit`);
  return view;
}

const closeInstructions = (dontShow = false) => {
  const dialog = screen.getByRole('dialog', { name: 'Edit Location' });
  if (dontShow) fireEvent.click(within(dialog).getByRole('checkbox', { name: "Don't show again" }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
};

describe('Edit Location', () => {
  it('shows the instructions until "Don\'t show again" is chosen', () => {
    const view = renderEdit();
    closeInstructions(true);
    view.unmount();
    renderEdit();
    expect(screen.queryByRole('dialog', { name: 'Edit Location' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View Instructions' }));
    expect(screen.getByRole('dialog', { name: 'Edit Location' })).toBeTruthy();
  });

  it('refuses a drag past the limit and saves the position and heading set, "Saving..." meanwhile', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const calls = fakeApi({
      [`PUT /locations/${location.id}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { router } = renderEdit();
    closeInstructions();
    incidentDraft.moveTo({ lat: location.start_lat + 0.01, lng: location.start_lng });
    expect((await screen.findByRole('alert')).textContent).toContain(INCIDENT_MESSAGES.tooFar);
    incidentDraft.moveTo(near);
    fireEvent.change(screen.getByRole('textbox', { name: 'Roadway heading (°)' }), {
      target: { value: '270' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      lat: near.lat,
      lng: near.lng,
      roadway_heading: 270,
      organization_id: location.organization_id,
      features: { type: 'Point', coordinates: [near.lng, near.lat] },
    });
    answer({ status: 200, body: { ...location, ...near, roadway_heading: 270 } });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/events/${location.id}`));
    expect(liveIncidents.getSnapshot().items.get(location.id)?.roadway_heading).toBe(270);
  });

  it('says why the server refused the update', async () => {
    fakeApi({
      [`PUT /locations/${location.id}`]: () => ({
        status: 422,
        body: { message: 'Location is no longer active' },
      }),
    });
    renderEdit();
    closeInstructions();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INCIDENT_MESSAGES.noLongerActive);
  });

  it('asks for a heading from 0 to 360', () => {
    renderEdit();
    closeInstructions();
    fireEvent.change(screen.getByRole('textbox', { name: 'Roadway heading (°)' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(INCIDENT_MESSAGES.headingRange);
  });

  it('sets a circle of a radius, or a line drawn on the map, as the extent', async () => {
    const calls = fakeApi({
      [`PUT /locations/${location.id}`]: () => ({ status: 200, body: location }),
    });
    renderEdit();
    closeInstructions();
    fireEvent.click(screen.getByRole('radio', { name: 'Circle' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Radius (m)' }), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      features: { type: 'Circle', coordinates: [location.lng, location.lat], radius: 150 },
    });
  });

  it('asks for the points of a line before saving it, then saves the line drawn', async () => {
    const calls = fakeApi({
      [`PUT /locations/${location.id}`]: () => ({ status: 200, body: location }),
    });
    renderEdit();
    closeInstructions();
    fireEvent.click(screen.getByRole('radio', { name: 'Line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXTENT_MESSAGES.lineTooShort);
    const line: Array<[number, number]> = [
      [location.lng - 0.002, location.lat],
      [location.lng + 0.002, location.lat],
    ];
    // What the map's drawing tool reports once the line is finished.
    act(() => extentPoints.drawn({ line }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ features: { type: 'LineString', coordinates: line } });
  });

  it('opens on the extent the incident has, its points ready to drag', () => {
    const ring: Array<[number, number]> = [
      [location.lng, location.lat],
      [location.lng + 0.001, location.lat],
      [location.lng + 0.001, location.lat + 0.001],
      [location.lng, location.lat],
    ];
    liveIncidents.replaceAll([{ ...location, features: { type: 'Polygon', coordinates: [ring] } }]);
    renderRoutes(routes, `/dashboard/events/${location.id}/edit`);
    closeInstructions();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Polygon' }).checked).toBe(true);
    expect(extentPoints.get()?.line).toEqual(ring.slice(0, -1));
  });
});
