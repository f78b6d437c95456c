import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import type { Role } from '@flare/core/schemas/reference';
import type { OrganizationUserWire } from '@flare/core/schemas/user';
import { signOut, startSession } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { usersRoutes } from './routes';

const ROLES: Role[] = [
  { id: 1, name: 'USER_EVENTS_ONLY', label: 'Media', description: '', order: 1 },
  { id: 2, name: 'USER', label: 'User', description: '', order: 2 },
  { id: 3, name: 'ADMIN', label: 'Admin', description: '', order: 3 },
  { id: 4, name: 'MANUFACTURER_ADMIN', label: 'Org Admin', description: '', order: 4 },
];

const wireUser = (id: string, firstname: string, email: string, role_id = 2): OrganizationUserWire => ({
  id,
  email,
  firstname,
  lastname: 'Demo',
  role_id,
  last_sign_in_at: null,
  sign_in_count: 0,
  suspended_at: null,
  organization_id: 'org-1',
  organization_name: 'Springfield Police Department',
});
const USERS = [
  wireUser('u-ada', 'Ada', 'ada@springfield-pd.test'),
  wireUser('u-bob', 'Bob', 'bob@springfield-pd.test'),
  wireUser('u-boss', 'Boss', 'boss@springfield-pd.test', 4),
];

async function render(path: string, answers: Record<string, (call: FakeCall) => FakeAnswer> = {}) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: { ...fakeProfile(['user:manage']), role_id: 3 } }),
    'GET /roles': () => ({ status: 200, body: ROLES }),
    'GET /organization/users': () => ({
      status: 200,
      body: { organization_users: USERS, organization_managers: [], organization_accessors: [] },
    }),
    ...answers,
  });
  await startSession(fakeTokens());
  const view = renderRoutes([{ path: '/dashboard/accounts-new', children: usersRoutes }], path);
  return { calls, ...view };
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('users list', () => {
  it('searches names and e-mails 250 ms after the last key', async () => {
    await render('/dashboard/accounts-new/users');
    expect(await screen.findByText('Bob Demo')).toBeTruthy();
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), { target: { value: 'ada' } });
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Bob Demo')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.queryByText('Bob Demo')).toBeNull();
    expect(screen.getByText('Ada Demo')).toBeTruthy();
  });

  it('links only users the signed-in user may change (role at most their own)', async () => {
    await render('/dashboard/accounts-new/users');
    expect(await screen.findByRole('link', { name: 'Ada Demo' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Boss Demo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New User' })).toBeTruthy();
  });
});

describe('new user', () => {
  it('offers the assignable roles by order, requires every field, and shows "email in use" under the buttons', async () => {
    const { calls } = await render('/dashboard/accounts-new/users/new', {
      'POST /users/': () => ({
        status: 422,
        body: { error: 'email_in_use', message: 'Email is already in use. Please try another one.' },
      }),
    });
    const save = await screen.findByRole('button', { name: 'Create and invite' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Media', 'User', 'Admin']);
    fireEvent.click(screen.getByRole('option', { name: 'User' }));
    fireEvent.click(save);
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3);
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Cy' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Rus' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), {
      target: { value: 'ada@springfield-pd.test' },
    });
    fireEvent.click(save);
    expect(await screen.findByText('Email is already in use. Please try another one.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstname: 'Cy',
      lastname: 'Rus',
      email: 'ada@springfield-pd.test',
      role_id: 2,
    });
  });
});

describe('edit user', () => {
  it('saves the changed fields and returns to the list', async () => {
    const { calls, router } = await render('/dashboard/accounts-new/users/u-bob/edit', {
      'PUT /users/u-bob': () => ({ status: 200, body: USERS[1] }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), {
      target: { value: 'Robert' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/accounts-new/users'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstname: 'Robert',
      lastname: 'Demo',
      email: 'bob@springfield-pd.test',
      role_id: 2,
    });
  });

  it('suspends after a confirmation, and says in it when the user could not be found', async () => {
    const { calls } = await render('/dashboard/accounts-new/users/u-bob/edit', {
      'PUT /users/u-bob': () => ({
        status: 422,
        body: { error: 'not_found', message: 'The selected user could not be found' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend user' }));
    expect(
      dialog.getByText(/^Suspend Bob Demo \(bob@springfield-pd\.test\)\? Their sessions end at once/),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByText('The selected user could not be found')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ suspended: true });
  });

  it('after suspending, Re-activate (which replaces Suspend) has the focus', async () => {
    let suspended = false;
    const listed = () =>
      USERS.map((u) => (u.id === 'u-bob' && suspended ? { ...u, suspended_at: '2026-12-03T10:00:00Z' } : u));
    await render('/dashboard/accounts-new/users/u-bob/edit', {
      'GET /organization/users': () => ({
        status: 200,
        body: { organization_users: listed(), organization_managers: [], organization_accessors: [] },
      }),
      'PUT /users/u-bob': () => {
        suspended = true;
        return { status: 200, body: listed()[1] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend user' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    const reactivate = await screen.findByRole('button', { name: 'Re-activate user' });
    await waitFor(() => expect(document.activeElement).toBe(reactivate));
  });

  it('deletes after a confirmation, and says in it when the delete failed', async () => {
    let fails = true;
    const { calls, router } = await render('/dashboard/accounts-new/users/u-bob/edit', {
      'GET /profile': () => ({
        status: 200,
        body: { ...fakeProfile(['user:manage', 'user:delete']), role_id: 3 },
      }),
      'DELETE /users/u-bob': () =>
        fails ? { status: 500, body: {} } : { status: 200, body: { uuid: 'u-bob' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete user' }));
    expect(
      dialog.getByText(/^Delete Bob Demo \(bob@springfield-pd\.test\)\? .* cannot be undone\.$/),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    fails = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/accounts-new/users'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('an unknown user id shows the catalogue message', async () => {
    await render('/dashboard/accounts-new/users/u-nobody/edit');
    expect(await screen.findByText('The selected user could not be found')).toBeTruthy();
  });
});
