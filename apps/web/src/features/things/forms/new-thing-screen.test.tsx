import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import type { ThingType } from '@flare/core/schemas/reference';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { NewThingScreen } from './new-thing-screen';

const TOW: ThingType = { id: 'type-tow', name: 'tow', display_name: 'Tow', emergency: false };

async function renderNew(
  permissions: string[],
  post: (call: FakeCall) => FakeAnswer | 'network-error',
  profile = fakeProfile(permissions),
) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: profile }),
    'GET /thing_types': () => ({ status: 200, body: [TOW] }),
    'POST /things': post,
  });
  await startSession(fakeTokens());
  const view = renderRoutes(
    [
      { path: '/dashboard/things', element: <p>List</p> },
      { path: '/dashboard/things/new', element: <NewThingScreen /> },
      { path: '/dashboard/things/:thingId', element: <p>Detail</p> },
    ],
    '/dashboard/things/new',
  );
  return { calls, ...view };
}

function choose(name: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('New Asset', () => {
  it('is only for Org Admins and platform administrators', async () => {
    await renderNew(['thing:manage'], () => ({ status: 201 }));
    expect(await screen.findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Device Id/ })).toBeNull();
  });

  it('offers an Org Admin their own organisation and those it manages, not those it only accesses', async () => {
    const profile = fakeProfile(['thing:admin:manage']);
    const other = (id: string, name: string) => ({ ...profile.user_org, id, name });
    profile.managed_orgs = [other('org-2', 'County Roads')];
    profile.accessed_orgs = [other('org-3', 'City Towing')];
    await renderNew(['thing:admin:manage'], () => ({ status: 201 }), profile);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Organization' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Springfield Police Department',
      'County Roads',
    ]);
  });

  it('requires device id, type and organisation before calling', async () => {
    const { calls } = await renderNew(['haas:manage'], () => ({ status: 201 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('registers the device, shows its credential once, then opens the new asset', async () => {
    const device_credential = {
      device_credential: 'q1w2e3r4t5y6u7i8o9p0a1s2',
      server_url: 'https://flare.example/api/ingest/osmand',
      setup_url: 'https://flare.example/api/ingest/osmand?id=q1w2e3r4t5y6u7i8o9p0a1s2',
      issued_at: new Date().toISOString(),
      legacy_device_id: false,
    };
    const created = { ...makeThing(), device_credential };
    const { calls, router } = await renderNew(['haas:manage'], () => ({ status: 201, body: created }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Device Id/ }), {
      target: { value: ' DEV-9 ' },
    });
    choose('Type', 'Tow');
    choose('Organization', 'Springfield Police Department');
    choose('Device type', 'MQTT');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device credential' });
    expect(within(dialog).getByRole('textbox', { name: 'Device identifier' })).toHaveProperty(
      'value',
      device_credential.device_credential,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Server URL' })).toHaveProperty(
      'value',
      device_credential.server_url,
    );
    expect(within(dialog).getByTitle('QR code for Traccar Client')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${created.id}`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      device_id: 'DEV-9',
      thing_type_id: TOW.id,
      organization_id: 'org-1',
      device_type: 'mqtt',
    });
  });

  it('shows the server’s reason for a refused registration, and Cancel returns to the list', async () => {
    const { router } = await renderNew(['haas:manage'], () => ({
      status: 422,
      body: { error: 'duplicate_device', message: 'Device id "DEV-9" is already registered' },
    }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Device Id/ }), {
      target: { value: 'DEV-9' },
    });
    choose('Type', 'Tow');
    choose('Organization', 'Springfield Police Department');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Device id "DEV-9" is already registered');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/things'));
  });
});
