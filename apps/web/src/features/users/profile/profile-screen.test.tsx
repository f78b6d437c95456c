import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '@flare/core/schemas/profile';
import { resetPrefsCache } from '../../../lib/prefs';
import { getSession, signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { profileElement } from '../routes';

// Forms with many fields render slowly under jsdom.
const FORM_TESTS = { timeout: 20_000 };

const wireUser = {
  id: 'user-1',
  email: 'ada@springfield-pd.test',
  firstname: 'Ada',
  lastname: 'Lovelace',
  role_id: 3,
  last_sign_in_at: null,
  sign_in_count: 1,
  suspended_at: null,
  organization_id: 'org-1',
  organization_name: 'Springfield Police Department',
};

async function render(
  permissions: string[],
  answers: Record<string, (call: FakeCall) => FakeAnswer> = {},
  profile: Partial<ProfileResponse> = {},
) {
  // No address unless the case gives one.
  let current: ProfileResponse = { ...fakeProfile(permissions), role_id: 3, country_code: null, ...profile };
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: current }),
    'GET /roles': () => ({
      status: 200,
      body: [{ id: 3, name: 'ADMIN', label: 'Admin', description: '', order: 3 }],
    }),
    'PUT /users/user-1': (call) => {
      // As the server takes it: `phonenumber` is the phone.
      const { phonenumber, ...fields } = call.body as Partial<ProfileResponse> & { phonenumber?: string };
      current = { ...current, ...fields, ...(phonenumber === undefined ? {} : { phone: phonenumber }) };
      return { status: 200, body: wireUser };
    },
    ...answers,
  });
  await startSession(fakeTokens());
  renderRoutes(
    [{ path: '/dashboard/accounts', children: [{ index: true, element: profileElement }] }],
    '/dashboard/accounts',
  );
  await screen.findByRole('heading', { name: 'Profile & Preferences' });
  return calls;
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

afterEach(() => {
  signOut();
  localStorage.clear();
  resetPrefsCache();
  vi.unstubAllGlobals();
});

describe('profile', FORM_TESTS, () => {
  it("shows the user's details with their role and organisation", async () => {
    await render(
      ['user:update', 'user:read'],
      {},
      { phone: '555-0100', city: 'Springfield', state: 'il', country_code: 'US' },
    );
    const table = screen.getByRole('table', { name: 'Your profile' });
    expect(within(table).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(table).getByText('ada@springfield-pd.test')).toBeTruthy();
    expect(await within(table).findByText('Admin')).toBeTruthy();
    expect(within(table).getByText('Springfield Police Department')).toBeTruthy();
    expect(within(table).getByText('555-0100')).toBeTruthy();
    expect(within(table).getByText('Springfield, IL, US')).toBeTruthy();
  });

  it('labels the address by country, clears the state when the country changes, and checks the postal code', async () => {
    const calls = await render(
      ['user:update'],
      {},
      { city: 'Springfield', state: 'IL', country_code: 'US', postal_code: '62701' },
    );
    expect(save().disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: /State/ })).toBeTruthy();
    expect(field('Zip code')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /Country/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Canada' }));
    const province = await screen.findByRole('combobox', { name: /Province/ });
    expect((province as HTMLInputElement).value).toBe('');
    expect(field('Postal code')).toBeTruthy();
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(await screen.findByText('Invalid postal code')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /Country/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
    expect(await screen.findByRole('textbox', { name: 'Region' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a bad phone number, then saves the phone and reloads the profile', async () => {
    const calls = await render(['user:update']);
    fireEvent.change(field(/Phone/), { target: { value: 'call me' } });
    fireEvent.click(save());
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    fireEvent.change(field(/Phone/), { target: { value: '+1 555 0100' } });
    fireEvent.click(save());
    await waitFor(() => expect(getSession()?.profile?.phone).toBe('+1 555 0100'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace',
      phonenumber: '+1 555 0100',
      country_code: '',
    });
    expect(calls.filter((c) => c.path === '/profile')).toHaveLength(2);
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it.each([
    ['Could not find the user', 'The selected user could not be found'],
    ['Something broke', 'There was an error submitting the form'],
  ])('shows the refusal "%s" under the buttons as "%s"', async (message, shown) => {
    await render(['user:update'], {
      'PUT /users/user-1': () => ({ status: 422, body: { error: 'x', message } }),
    });
    fireEvent.change(field(/First name/), { target: { value: 'Augusta' } });
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it('is read-only with a note without user update permission', async () => {
    await render(['user:read']);
    expect(screen.getByText(/Your role may not change user details/)).toBeTruthy();
    expect(field(/First name/).closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('preferences', () => {
  it('switches the stored preferences and resets them', async () => {
    await render(['user:read']);
    const support = screen.getByRole<HTMLInputElement>('switch', { name: /Support dialog/ });
    expect(support.checked).toBe(true);
    fireEvent.click(support);
    expect(JSON.parse(localStorage.getItem('flare.prefs') ?? '{}')).toMatchObject({
      supportDialogDismissed: true,
    });
    const density = screen.getByRole<HTMLInputElement>('switch', { name: 'Density View' });
    fireEvent.click(density);
    expect(density.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset preferences' }));
    expect(support.checked).toBe(true);
    expect(density.checked).toBe(false);
  });

  it('beeps with status-change notices only once the user turns it on, and resets it to off', async () => {
    await render(['user:read']);
    const sound = screen.getByRole<HTMLInputElement>('switch', { name: /Beep with status-change notices/ });
    expect(sound.checked).toBe(false);
    fireEvent.click(sound);
    expect(sound.checked).toBe(true);
    expect(JSON.parse(localStorage.getItem('flare.prefs') ?? '{}')).toMatchObject({ statusSound: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reset preferences' }));
    expect(sound.checked).toBe(false);
  });

  it('offers no situational awareness mode where the organisation does not allow it', async () => {
    await render(['user:update']);
    expect(screen.queryByRole('switch', { name: /Situational awareness mode/ })).toBeNull();
  });

  it('offers situational awareness mode where the organisation allows it, with its help', async () => {
    await render(['user:update'], {}, { show_infinite_timeout_option: true });
    const awareness = screen.getByRole<HTMLInputElement>('switch', { name: /Situational awareness mode/ });
    expect(awareness.checked).toBe(false);
    fireEvent.click(awareness);
    await waitFor(() => expect(awareness.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Help: Situational awareness mode' }));
    await screen.findByText(/stays signed in however long nobody touches it/);
  });
});
