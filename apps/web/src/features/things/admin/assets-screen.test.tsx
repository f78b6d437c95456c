import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { makeThing } from '@flare/core/testing/things';
import { buildDeviceConfiguration } from '@flare/core/things/device-configuration';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveThings } from '../live/live-things-store';
import { thingsAdminRoutes } from '../routes';

const OWN = makeThing({ nickname: 'Wrecker 2', device_type: 'mqtt', in_service: false });
const MANAGED = makeThing({
  nickname: 'Arrow 1',
  thing_type: { id: 'type-ab', name: 'arrow_board', display_name: 'Arrow Board', emergency: false },
  organization: { id: 'org-2', name: 'County Roads', organization_type: 'road_works' },
  organization_relationships: [
    { organization_uuid: 'org-1', organization_name: 'Springfield', relationship_type: 'manager' },
  ],
});
/** Only seen (accessed): not the organisation's to administer. */
const ACCESSED = makeThing({
  nickname: 'Borrowed 9',
  organization: { id: 'org-2', name: 'County Roads', organization_type: 'road_works' },
  organization_relationships: [
    { organization_uuid: 'org-1', organization_name: 'Springfield', relationship_type: 'accessor' },
  ],
});

async function renderAssets(permissions: string[], routes: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }),
    ...routes,
  });
  await startSession(fakeTokens());
  liveThings.replaceAll([OWN, MANAGED, ACCESSED]);
  const view = renderRoutes(
    [
      { path: '/dashboard/accounts-new', children: thingsAdminRoutes },
      { path: '/dashboard/things/:thingId', element: <p>Asset detail</p> },
      { path: '/dashboard/things/:thingId/edit', element: <p>Asset edit</p> },
    ],
    '/dashboard/accounts-new/assets',
  );
  return { calls, ...view };
}

afterEach(() => {
  signOut();
  liveThings.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Assets tab', () => {
  it('lists the assets the organisation owns or manages, by name, with type, device type and service', async () => {
    await renderAssets(['thing:manage']);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Springfield Police Department: 2 assets')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)),
    ).toEqual([
      ['Arrow 1', 'Arrow Board', 'OsmAnd (Traccar Client)', 'Yes'],
      ['Wrecker 2', 'Police', 'MQTT', 'No'],
    ]);
    expect(screen.queryByText('Borrowed 9')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Wrecker 2' }).getAttribute('href')).toBe(
      `/dashboard/things/${OWN.id}/edit`,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Arrow 1' }));
    expect(await screen.findByText('Asset detail')).toBeTruthy();
  });

  it('downloads the configuration the server builds as <asset>-configuration.json', async () => {
    const configuration = buildDeviceConfiguration(
      { id: OWN.id, systemId: OWN.haas_id },
      { deviceModel: 'IBR900', ports: { P1: 'output' } },
    );
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:configuration';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await renderAssets(['thing:manage'], {
      [`GET /things/${OWN.id}/configuration`]: () => ({ status: 200, body: configuration }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Download device configuration of Wrecker 2' }),
    );
    await waitFor(() => expect(names).toEqual(['wrecker-2-configuration.json']));
    expect(JSON.parse(await blobs[0]!.text())).toEqual(configuration);
  });

  it("says why a download failed, in the server's words", async () => {
    const refused: FakeAnswer = { status: 422, body: { error: 'not_found', message: 'Asset not found' } };
    await renderAssets(['thing:manage'], { [`GET /things/${MANAGED.id}/configuration`]: () => refused });
    fireEvent.click(await screen.findByRole('button', { name: 'Download device configuration of Arrow 1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Asset not found');
  });

  it('offers Register Asset to Org Admins only, opening the new-asset form', async () => {
    const view = await renderAssets(['thing:manage']);
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Register Asset' })).toBeNull();
    view.unmount();
    signOut();
    const admin = await renderAssets(['thing:manage', 'thing:admin:manage']);
    fireEvent.click(await screen.findByRole('link', { name: 'Register Asset' }));
    await waitFor(() =>
      expect(admin.router.state.location.pathname).toBe('/dashboard/accounts-new/assets/new'),
    );
  });

  it('is only for those who administer assets', async () => {
    await renderAssets(['thing:read']);
    expect(await screen.findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
