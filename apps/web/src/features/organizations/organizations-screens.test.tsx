import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organization, OrganizationType } from '@flare/core/schemas/organization';
import { signOut, startSession } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { organizationsRoutes } from './routes';

const type = (id: string, name: string, display_name: string): OrganizationType => ({
  id,
  name,
  display_name,
  acs: false,
  on_icon_url: null,
  off_icon_url: null,
});
const POLICE = type('00000000-0000-4000-8000-000000000001', 'police', 'Police');
const TOW = type('00000000-0000-4000-8000-000000000002', 'tow', 'Tow');

const org = (id: string, name: string, changes: Partial<Organization> = {}): Organization => ({
  id,
  name,
  email: null,
  phone_number: null,
  contact_name: null,
  cell_phone_number: null,
  address1: '1 Main Street',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country_code: 'US',
  timezone: 'America/Chicago',
  organization_type: POLICE,
  responders_type: 'all',
  relationship: 'managed',
  editable: true,
  position: null,
  billing_customer_id: null,
  managers: [],
  accessors: [],
  ...changes,
});
const OWN = org('org-1', 'Springfield Police Department', { relationship: 'own' });

async function render(
  path: string,
  organizations: Organization[] = [OWN],
  answers: Record<string, (call: FakeCall) => FakeAnswer> = {},
  permissions = ['organization:manage'],
) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }),
    'GET /organizations': () => ({ status: 200, body: { data: organizations } }),
    'GET /organization/assignable': () => ({ status: 200, body: { organization_types: [POLICE, TOW] } }),
    ...answers,
  });
  await startSession(fakeTokens());
  const view = renderRoutes([{ path: '/dashboard/accounts-new', children: organizationsRoutes }], path);
  return { calls, ...view };
}

/** Form tests fill many fields: room for a busy machine. */
const FORM_TESTS = { timeout: 20_000 };

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('organizations list', () => {
  it('shows the search only above 5 organizations, and the count or "displaying x/y" in the title', async () => {
    await render('/dashboard/accounts-new/organizations', [OWN, org('org-2', 'Capital Road Works')]);
    expect(await screen.findByRole('heading', { name: 'Organizations (2)' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('Search for an organization...')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New organization' })).toBeNull();
  });

  it('filters by name 250 ms after the last key', async () => {
    const many = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'].map((name, i) =>
      org(`o-${i}`, name),
    );
    await render('/dashboard/accounts-new/organizations', many, {}, ['organization:manage', 'haas:manage']);
    expect(await screen.findByRole('heading', { name: 'Organizations (6)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New organization' })).toBeTruthy();
    vi.useFakeTimers();
    fireEvent.change(screen.getByPlaceholderText('Search for an organization...'), {
      target: { value: 'ec' },
    });
    act(() => void vi.advanceTimersByTime(260));
    expect(screen.getByRole('heading', { name: 'displaying 1/6' })).toBeTruthy();
    expect(screen.queryByText('Alpha')).toBeNull();
  });
});

describe('edit organization', FORM_TESTS, () => {
  it('labels the address by country and clears the state when the country changes', async () => {
    await render('/dashboard/accounts-new/organizations/org-1/edit');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: /State/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Zip code' }).getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByRole('combobox', { name: /Country/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Canada' }));
    const province = await screen.findByRole('combobox', { name: /Province/ });
    expect((province as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('textbox', { name: 'Postal code' }).getAttribute('inputmode')).toBe('text');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('checks the postal code against the country, upper-cases it and saves', async () => {
    const canadian = { ...OWN, country_code: 'CA', state: '', postal_code: '62701' };
    const { calls, router } = await render('/dashboard/accounts-new/organizations/org-1/edit', [canadian], {
      'PUT /organization/org-1': () => ({ status: 200, body: OWN }),
    });
    fireEvent.click(await screen.findByRole('combobox', { name: /Province/ }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(13);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Ontario' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid postal code')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Postal code' }), { target: { value: 'k1a 0b1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/accounts-new/organizations'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      country_code: 'CA',
      state: 'ON',
      postal_code: 'K1A 0B1',
    });
  });

  it('takes the map position as "lat, lng" and refuses what is not a position', async () => {
    const placed = { ...OWN, position: { lat: 39.7817, lng: -89.6501 } };
    const { calls } = await render('/dashboard/accounts-new/organizations/org-1/edit', [placed], {
      'PUT /organization/org-1': () => ({ status: 200, body: OWN }),
    });
    const field = await screen.findByRole('textbox', { name: 'Map position (lat, lng)' });
    expect((field as HTMLInputElement).value).toBe('39.7817, -89.6501');
    fireEvent.change(field, { target: { value: '91, -89.6' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Invalid coordinates')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Invalid coordinates')).toBeTruthy());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: '41.8781, -87.6298' } });
    await waitFor(() => expect(screen.queryByText('Invalid coordinates')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      position: { lat: 41.8781, lng: -87.6298 },
    });
  });

  it('clears the map position when the field is emptied', async () => {
    const placed = { ...OWN, position: { lat: 39.7817, lng: -89.6501 } };
    const { calls } = await render('/dashboard/accounts-new/organizations/org-1/edit', [placed], {
      'PUT /organization/org-1': () => ({ status: 200, body: OWN }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Map position (lat, lng)' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ position: null });
  });

  it('keeps the country and its state when the chosen country is chosen again', async () => {
    await render('/dashboard/accounts-new/organizations/org-1/edit', [OWN]);
    const country = await screen.findByRole<HTMLInputElement>('combobox', { name: /Country/ });
    fireEvent.click(country);
    fireEvent.click(screen.getByRole('option', { name: 'United States' }));
    expect(country.value).toBe('United States');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /State/ }).value).toBe('Illinois');
  });

  it('asks for a free-text Region elsewhere, and shows the server refusal under the buttons', async () => {
    await render('/dashboard/accounts-new/organizations/org-1/edit', [OWN], {
      'PUT /organization/org-1': () => ({
        status: 422,
        body: { error: 'not_found', message: 'Organization not found.' },
      }),
    });
    fireEvent.click(await screen.findByRole('combobox', { name: /Country/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Region/ }), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization not found.')).toBeTruthy();
  });

  it('changes the time zone (searchable) and the responders type, which an Admin cannot see', async () => {
    const { calls, router } = await render('/dashboard/accounts-new/organizations/org-1/edit', [OWN], {
      'PUT /organization/org-1': () => ({ status: 200, body: OWN }),
    });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((zone as HTMLInputElement).value).toBe('America/Chicago');
    fireEvent.click(zone);
    fireEvent.change(zone, { target: { value: 'Toronto' } });
    fireEvent.click(await screen.findByRole('option', { name: 'America/Toronto' }));
    fireEvent.click(screen.getByRole('combobox', { name: /Responders/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Some' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/accounts-new/organizations'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      timezone: 'America/Toronto',
      responders_type: 'some',
    });
    signOut();
    await render('/dashboard/accounts-new/organizations/org-1/edit', [OWN], {}, ['organization:update']);
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Responders/ })).toBeNull();
  });

  it("lets platform administrators delete another organization, showing the server's refusal", async () => {
    const platform = ['organization:manage', 'haas:manage'];
    const other = org('org-2', 'Capital Road Works');
    await render('/dashboard/accounts-new/organizations/org-1/edit', [OWN, other], {}, platform);
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Delete organization' })).toBeNull();
    signOut();
    const notEmpty = 'This organization still has users or assets. Move or delete them first.';
    const { router } = await render(
      '/dashboard/accounts-new/organizations/org-2/edit',
      [OWN, other],
      {
        'DELETE /organization/org-2': () => ({
          status: 409,
          body: { error: 'not_empty', message: notEmpty },
        }),
      },
      platform,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete organization' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(notEmpty);
    expect(router.state.location.pathname).toBe('/dashboard/accounts-new/organizations/org-2/edit');
  });

  it('a US state list of more than 20 options scrolls in 40 px rows', async () => {
    await render('/dashboard/accounts-new/organizations/org-1/edit');
    fireEvent.click(await screen.findByRole('combobox', { name: /State/ }));
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(20);
    expect(getComputedStyle(options[0]!).minHeight).toBe('40px');
  });
});

describe('new organization', FORM_TESTS, () => {
  it('is for platform administrators, and sends the organisation with its first Org Admin', async () => {
    const { calls } = await render(
      '/dashboard/accounts-new/organizations/new',
      [OWN],
      {
        'POST /organization': () => ({ status: 201, body: OWN }),
      },
      ['organization:manage', 'haas:manage'],
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Lakeside Towing' },
    });
    // The responders type follows the type chosen: a police department's assets are responders.
    const responders = () => screen.getByRole<HTMLInputElement>('combobox', { name: /Responders/ });
    fireEvent.click(screen.getByRole('combobox', { name: /Organization type/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Police' }));
    expect(responders().value).toBe('All');
    fireEvent.click(screen.getByRole('combobox', { name: /Organization type/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Tow' }));
    expect(responders().value).toBe('None');
    fireEvent.change(screen.getByRole('textbox', { name: /^Address( \*)?$/ }), {
      target: { value: '2 Lake Rd' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^City/ }), { target: { value: 'Peoria' } });
    fireEvent.click(screen.getByRole('combobox', { name: /State/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Illinois' }));
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Lena' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Lake' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Admin email/ }), {
      target: { value: 'lena@lake.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Lakeside Towing',
      organization_type_id: TOW.id,
      responders_type: 'none',
      state: 'IL',
      admin: { firstname: 'Lena', lastname: 'Lake', email: 'lena@lake.test' },
    });
  });

  it('is refused to other users', async () => {
    await render('/dashboard/accounts-new/organizations/new');
    expect(
      await screen.findByText('Sorry, you are not currently authorized to access this page.'),
    ).toBeTruthy();
  });
});
