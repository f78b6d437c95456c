import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { signOut, startSession } from '../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../testing/fake-api';
import { renderRoutes, setViewportWidth } from '../testing/render';
import { dashboardRoute } from './dashboard-routes';
import { appRoutes, routerOptions, routes } from './router';

async function signedInAs(permissions: string[], respondersType: 'none' | 'all' = 'none') {
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions, { respondersType }) }),
    'GET /version': () => ({ status: 200, body: { version: '1', environment: 'production' } }),
    'POST /revoke_token': () => ({ status: 200, body: { revoked: true } }),
  });
  await startSession(fakeTokens());
}

/** The app's routes at `path`, the dashboard's there from the start. */
const renderApp = (path: string) => renderRoutes(appRoutes(dashboardRoute), path);

/** The section content: the drawer's (desktop) or the page's (mobile) main landmark. */
const content = () => screen.getByRole('main');

afterEach(() => {
  signOut();
  setViewportWidth(1024);
  vi.unstubAllGlobals();
});

describe('section guard', () => {
  it('shows the section placeholder, labelled, inside the shell when allowed', async () => {
    await signedInAs(['engineer:test'], 'all');
    renderApp('/dashboard/accounts-new/settings');
    expect(await within(content()).findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(within(content()).getByText(MESSAGES.notYetBuilt)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
  });

  it("labels New Accounts' Billing and Settings placeholders", async () => {
    await signedInAs(['engineer:test']);
    renderApp('/dashboard/accounts-new/billing');
    expect(await within(content()).findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(within(content()).getByText(MESSAGES.notYetBuilt)).toBeTruthy();
  });

  it("lists New Accounts' tabs in the manager screens' order, Assets for asset administrators", async () => {
    const tabs = async () =>
      within(await screen.findByRole('navigation', { name: 'Account screens' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
    await signedInAs([
      'engineer:test',
      'organization:read',
      'user:read',
      'thing:manage',
      'integration_configuration:read',
    ]);
    const view = renderApp('/dashboard/accounts-new/billing');
    expect(await tabs()).toEqual([
      'Organizations',
      'Profile',
      'Users',
      'Assets',
      'Integrations',
      'Billing',
      'Settings',
    ]);
    view.unmount();
    signOut();
    await signedInAs(['engineer:test', 'thing:read']);
    renderApp('/dashboard/accounts-new/billing');
    expect(await tabs()).toEqual(['Profile', 'Billing', 'Settings']);
  });

  it('opens New Accounts at the first tab the user may use', async () => {
    await signedInAs(['engineer:test', 'organization:read']);
    const view = renderApp('/dashboard/accounts-new');
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/dashboard/accounts-new/organizations'),
    );
    view.unmount();
    signOut();
    await signedInAs(['engineer:test']);
    const plain = renderApp('/dashboard/accounts-new');
    await waitFor(() => expect(plain.router.state.location.pathname).toBe('/dashboard/accounts-new/profile'));
  });

  it('shows the Unauthorized page for a section the user may not see', async () => {
    await signedInAs(['thing:read']);
    renderApp('/dashboard/zones');
    expect(await within(content()).findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Zones' })).toBeNull();
  });

  it('lets only users who may edit events, on a large screen, into Edit Location', async () => {
    await signedInAs(['incident:read']);
    const view = renderApp('/dashboard/events/some-id/edit');
    expect(await within(content()).findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    view.unmount();
    signOut();
    setViewportWidth(390);
    await signedInAs(['incident:read', 'incident:update']);
    renderApp('/dashboard/events/some-id/edit');
    expect(await within(content()).findByText(MESSAGES.mobileBlocked)).toBeTruthy();
  });

  it('blocks a desktop-only section on a phone-sized screen', async () => {
    setViewportWidth(390);
    await signedInAs(['thing:read', 'zone:read']);
    renderApp('/dashboard/zones');
    expect(await within(content()).findByText(MESSAGES.mobileBlocked)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Zones' })).toBeNull();
  });

  it('lets a section that is not desktop-only through on a phone', async () => {
    setViewportWidth(390);
    await signedInAs(['thing:read', 'zone:read']);
    renderApp('/dashboard/things');
    expect(await within(content()).findByRole('heading', { name: /^Assets/ })).toBeTruthy();
  });

  it('blocks data reports and exports on a phone (both desktop only)', async () => {
    setViewportWidth(390);
    await signedInAs(['report:read', 'export:read']);
    const { router } = renderApp('/dashboard/data');
    expect(await within(content()).findByText(MESSAGES.mobileBlocked)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/data/reports');
    await router.navigate('/dashboard/data/exports');
    expect(await within(content()).findByText(MESSAGES.mobileBlocked)).toBeTruthy();
  });
});

describe("the dashboard's own chunk", () => {
  const renderLazily = (path: string) => renderRoutes(routes, path, undefined, routerOptions);

  it('loads the dashboard on the first visit to one of its paths, a deep link included', async () => {
    await signedInAs(['engineer:test'], 'all');
    const { router } = renderLazily('/dashboard/accounts-new/settings');
    // Until its code is there, the page says it is loading (not a blank page).
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    // Loaded once: an unknown path under it is the shell's not-found page.
    await router.navigate('/dashboard/no-such-section');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign-in, and shows other unknown paths without it', async () => {
    const { router } = renderLazily('/dashboard/things');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/signin'));
    await router.navigate('/no/such/page');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();
  });
});

describe('data routes', () => {
  it('refuses data to a user who may see neither reports nor exports, though its access allows it', async () => {
    await signedInAs(['haas:manage']);
    const view = renderApp('/dashboard/data');
    expect(await within(content()).findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/dashboard/data');
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
    for (const path of ['/dashboard/data/reports', '/dashboard/data/exports']) {
      await view.router.navigate(path);
      expect(await within(content()).findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    }
  });

  it('opens data at exports for a user who may see exports only', async () => {
    await signedInAs(['export:read']);
    const { router } = renderApp('/dashboard/data');
    await within(content()).findByRole('heading', { name: 'Data Exports' });
    expect(router.state.location.pathname).toBe('/dashboard/data/exports');
  });
});

describe('dashboard routes', () => {
  it('sends a signed-out visitor to sign-in, remembering the requested path', async () => {
    const { router } = renderApp('/dashboard/areas/12');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome/signin');
    expect(router.state.location.state).toEqual({ from: '/dashboard/areas/12' });
  });

  it('opens the default section at /dashboard', async () => {
    await signedInAs(['zone:read', 'incident:read'], 'none');
    const { router } = renderApp('/dashboard');
    expect(await within(content()).findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/events');
  });

  it('sends /dashboard/404 on to the default section', async () => {
    await signedInAs(['zone:read', 'incident:read'], 'none');
    const { router } = renderApp('/dashboard/404');
    expect(await within(content()).findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/events');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText(MESSAGES.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.notFoundButton })).toBeTruthy();
  });
});
