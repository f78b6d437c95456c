import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { signOut, startSession } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { Authorization, EditRoute, type EditRouteProps } from './authorization';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

async function signIn(permissions: string[]) {
  fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }) });
  await startSession(fakeTokens());
}

const show = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');
const unauthorized = () => screen.queryByRole('heading', { name: MESSAGES.unauthorizedPage });

describe('Authorization', () => {
  it('shows the screen to a signed-in user who holds the access, with their profile', async () => {
    await signIn(['user:read']);
    show(<Authorization access="viewUsers">{(profile) => <p>Hello {profile.email}</p>}</Authorization>);
    expect(screen.getByText(/^Hello /)).toBeTruthy();
    expect(unauthorized()).toBeNull();
  });

  it('says unauthorized without a session, without the access, or when the rule says no', async () => {
    const signedOut = show(<Authorization>{() => <p>Secret</p>}</Authorization>);
    expect(unauthorized()).toBeTruthy();
    signedOut.unmount();
    await signIn([]);
    show(<Authorization access="viewUsers">{() => <p>Secret</p>}</Authorization>);
    show(<Authorization allowed={() => false}>{() => <p>Secret</p>}</Authorization>);
    expect(screen.getAllByRole('heading', { name: MESSAGES.unauthorizedPage })).toHaveLength(2);
    expect(screen.queryByText('Secret')).toBeNull();
  });
});

describe('EditRoute', () => {
  const route = (props: Partial<EditRouteProps<{ name: string }>>) => (
    <EditRoute
      title="Edit Thing"
      loadingLabel="Loading thing"
      notFound="Thing not found"
      item={undefined}
      loaded={false}
      {...props}
    >
      {(_, item) => <p>Form for {item.name}</p>}
    </EditRoute>
  );

  it('is loading, then not found, then the form of the item the rule allows', async () => {
    await signIn([]);
    show(route({}));
    expect(screen.getByRole('status', { name: 'Loading thing' })).toBeTruthy();
    show(route({ loaded: true }));
    expect(screen.getByText('Thing not found')).toBeTruthy();
    show(route({ loaded: true, item: { name: 'A' }, allowed: () => true }));
    expect(screen.getByText('Form for A')).toBeTruthy();
    show(route({ loaded: true, item: { name: 'B' }, allowed: (_, item) => item.name !== 'B' }));
    expect(unauthorized()).toBeTruthy();
    expect(screen.queryByText('Form for B')).toBeNull();
  });
});
