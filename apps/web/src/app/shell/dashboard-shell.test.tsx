import { formatDateTime, zoneAbbreviation } from '@flare/core/time/zoned-time';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { apiFetch } from '../../lib/api-client';
import { formatClockTime, formatTime } from '../../lib/format-time';
import { getSession, signOut, startSession } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../testing/fake-api';
import { renderRoutes, setViewportWidth } from '../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { dashboardRoute } from '../dashboard-routes';
import { appRoutes } from '../router';

/** The app's routes, the dashboard's there from the start. */
const routes = appRoutes(dashboardRoute);

type TestWindow = Window & { __FLARE_TEST__?: object };

async function renderShell(
  permissions: string[],
  path = '/dashboard/things',
  versions = ['1'],
  environment = 'production',
) {
  let versionCalls = 0;
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }),
    'GET /version': () => ({
      status: 200,
      body: { version: versions[Math.min(versionCalls++, versions.length - 1)], environment },
    }),
    'POST /revoke_token': () => ({ status: 200, body: { revoked: true } }),
    'GET /unreachable': () => 'network-error',
    'GET /reachable': () => ({ status: 200, body: {} }),
  });
  await startSession(fakeTokens());
  return { calls, ...renderRoutes(routes, path) };
}

const closeSupport = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Support' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support' })).toBeNull());
};

afterEach(() => {
  signOut();
  setViewportWidth(1024);
  delete (window as TestWindow).__FLARE_TEST__;
  vi.unstubAllGlobals();
});

describe('account menu', () => {
  it('shows the user and the account links they may open, and signs out', async () => {
    const { router, calls } = await renderShell(['thing:read', 'user:read']);
    await closeSupport();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    // The dropdown becomes accessible once its opening transition ends.
    expect(await within(menu).findByRole('menuitem', { name: 'Profile & Preferences' })).toBeTruthy();
    expect(within(menu).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByText('ada@springfield-pd.test')).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'New Accounts (preview)' })).toBeNull();

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/signin'));
    expect(getSession()).toBeNull();
    expect(calls.some((call) => call.path === '/revoke_token')).toBe(true);
  });
});

describe('layout', () => {
  it('has a 160 px side nav and a 400 px panel on a desktop', async () => {
    await renderShell(['thing:read']);
    await closeSupport();
    const sideNav = screen.getByRole('navigation', { name: 'Sections' }).closest('aside')!;
    expect(sideNav.style.width).toBe('calc(10rem * var(--mantine-scale))');
    const panel = screen.getByRole('button', { name: 'Close panel' }).closest<HTMLElement>('[aria-hidden]')!;
    expect(panel.style.width).toBe('calc(25rem * var(--mantine-scale))');
  });

  it('has a 50 px top bar and a 70 px bottom nav on a phone', async () => {
    setViewportWidth(400);
    await renderShell(['thing:read']);
    await closeSupport();
    expect(screen.getByRole('banner').style.height).toBe('calc(3.125rem * var(--mantine-scale))');
    expect(screen.getByRole('navigation', { name: 'Sections' }).style.height).toBe(
      'calc(4.375rem * var(--mantine-scale))',
    );
  });
});

describe('account menu width', () => {
  it.each([
    [1024, 'calc(28.75rem * var(--mantine-scale))'],
    [400, 'calc(24rem * var(--mantine-scale))'],
  ])('at %i px wide is %s', async (width, expected) => {
    setViewportWidth(width);
    await renderShell(['thing:read']);
    await closeSupport();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Sign Out' });
    expect(menu.style.width).toBe(expected);
  });
});

describe('Manage Accounts & Users', () => {
  it.each([
    [['user:read'], '/dashboard/accounts/users'],
    [['organization:read'], '/dashboard/accounts/organizations'],
    [['thing:admin:manage'], '/dashboard/accounts'],
  ])('with %j opens %s', async (permissions, path) => {
    await renderShell(['thing:read', ...permissions]);
    await closeSupport();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    const item = await within(menu).findByRole('menuitem', { name: 'Manage Accounts & Users' });
    expect(item.getAttribute('href')).toBe(path);
  });

  it('is left out without an accounts permission', async () => {
    await renderShell(['thing:read', 'incident:read']);
    await closeSupport();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Sign Out' });
    expect(within(menu).queryByRole('menuitem', { name: 'Manage Accounts & Users' })).toBeNull();
  });
});

describe('status strip', () => {
  it("shows the date and time in the organisation's time zone, and the asset count only with thing read", async () => {
    await renderShell(['thing:read']);
    await closeSupport();
    const strip = screen.getByRole('status', { name: 'Status' });
    const time = strip.querySelector('time');
    const shown = Date.parse(time?.getAttribute('datetime') ?? '');
    expect(time?.textContent).toBe(
      `${formatDateTime(shown, 'America/Chicago')} ${zoneAbbreviation(shown, 'America/Chicago')}`,
    );
    expect(time?.textContent).toMatch(/ C[SD]T$/);
    expect(within(strip).getByText(/^Assets:/)).toBeTruthy();
  });

  it('has no asset count without thing read or manage', async () => {
    await renderShell(['incident:read']);
    await closeSupport();
    expect(within(screen.getByRole('status', { name: 'Status' })).queryByText(/^Assets:/)).toBeNull();
  });
});

describe('support dialog', () => {
  it('opens once signed in, and "Don\'t show again" keeps it closed next time', async () => {
    const first = await renderShell(['thing:read']);
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: "Don't show again" }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(JSON.parse(localStorage.getItem('flare.prefs') ?? '{}')).toMatchObject({
      supportDialogDismissed: true,
    });
    first.unmount();
    sessionStorage.clear(); // a new visit

    await renderShell(['thing:read']);
    await screen.findByRole('navigation', { name: 'Sections' });
    expect(screen.queryByRole('dialog', { name: 'Support' })).toBeNull();
  });

  it('answers the frequent questions, linking to the sections the user may open, and offers Refer a Fleet', async () => {
    await renderShell(['incident:read', 'trip:read'], '/dashboard/events');
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Why does a vehicle show as stale, pending or offline?' }),
    );
    expect(within(dialog).getByText(/stale 30 seconds after its last report/)).toBeTruthy();
    // Live needs thing read or manage, which this user lacks: the answer, without the link.
    expect(within(dialog).queryByRole('link', { name: 'Open Live', hidden: true })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Refer a Fleet' }).getAttribute('href')).toBe(
      'mailto:support@flare.localhost?subject=A%20fleet%20for%20Flare',
    );
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Where can I see where a vehicle went, or get the data?' }),
    );
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Open Trips' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Support' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Trips' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('drawer', () => {
  it('clicking the active section closes and reopens the drawer', async () => {
    await renderShell(['incident:read'], '/dashboard/events');
    await closeSupport();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    // The section's screen loads on first visit (its module is transformed then: seconds on a busy machine).
    expect(await screen.findByRole('heading', { name: 'Events' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Events' }));
    expect(screen.queryByRole('heading', { name: 'Events' })).toBeNull(); // hidden with the drawer
    fireEvent.click(within(nav).getByRole('link', { name: 'Events' }));
    expect(screen.getByRole('heading', { name: 'Events' })).toBeTruthy();
  });

  it('closes on a large screen to a handle that opens it again', async () => {
    await renderShell(['incident:read'], '/dashboard/events');
    await closeSupport();
    expect(await screen.findByRole('heading', { name: 'Events' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open panel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('heading', { name: 'Events' })).toBeNull();
    // The focus goes with the control that replaces the one pressed, not out of reach.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open panel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open panel' }));
    expect(screen.getByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open panel' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close panel' }));
  });

  it('switches between the panel and the map on a phone with the List | Map toggle', async () => {
    setViewportWidth(400);
    await renderShell(['incident:read'], '/dashboard/events');
    await closeSupport();
    expect(await screen.findByRole('heading', { name: 'Events' }, { timeout: 10_000 })).toBeTruthy();
    const toggle = screen.getByRole('radiogroup', { name: 'Map or list' });
    fireEvent.click(within(toggle).getByRole('radio', { name: 'Map' }));
    expect(screen.queryByRole('heading', { name: 'Events' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Map' })).toBeTruthy();
    fireEvent.click(within(toggle).getByRole('radio', { name: 'List' }));
    expect(screen.getByRole('heading', { name: 'Events' })).toBeTruthy();
  });
});

describe('Support', () => {
  it('opens from the account menu', async () => {
    await renderShell(['thing:read']);
    await closeSupport();
    fireEvent.click(screen.getByRole('button', { name: 'Account menu, AL' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'Support' }));
    await closeSupport();
  });
});

describe('offline banner', () => {
  it('shows while the server cannot be reached and goes when it answers again', async () => {
    // A section without the live feed, so only the API calls decide.
    await renderShell(['zone:read'], '/dashboard/zones');
    await closeSupport();
    expect(screen.queryByText(MESSAGES.offlineBanner)).toBeNull();
    const before = Date.now();
    await act(() => apiFetch('/unreachable').catch(() => undefined));
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.offlineBanner);
    // Since when the data on screen is, to the minute, with the full date and time on hover.
    const asOf = within(screen.getByRole('alert')).getByText(/^Data shown as of/);
    const time = asOf.querySelector('time')!;
    expect(asOf.textContent).toBe(`Data shown as of ${formatClockTime(Date.parse(time.dateTime))}`);
    expect(Date.parse(time.dateTime)).toBeGreaterThanOrEqual(before);
    expect(time.title).toBe(formatTime(time.dateTime));
    await act(() => apiFetch('/reachable'));
    expect(screen.queryByText(MESSAGES.offlineBanner)).toBeNull();
  });
});

describe('new-version notice', () => {
  it('blocks the screen when the server reports another version than the first one seen', async () => {
    (window as TestWindow).__FLARE_TEST__ = {
      timings: { versionFirstCheckMs: 10, versionPollMs: 50, versionReloadMs: 60_000 },
    };
    await renderShell(['thing:read'], '/dashboard/things', ['1', '1', '2']);
    expect(await screen.findByText(MESSAGES.newVersion)).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'New version' })).toBeTruthy();
  });
});

describe('environment note', () => {
  it('marks every page of an installation that is not production, and none in production', async () => {
    document.title = 'Flare';
    const view = await renderShell(['thing:read'], '/dashboard/things', ['1'], 'staging');
    expect((await screen.findByRole('note', { name: 'Environment' })).textContent).toBe(
      'Staging installation: not the live system',
    );
    await waitFor(() => expect(document.title).toBe('[Staging] Flare'));
    view.unmount();
    expect(document.title).toBe('Flare');
    const { calls } = await renderShell(['thing:read'], '/dashboard/things', ['1'], 'production');
    await waitFor(() => expect(calls.some((call) => call.path === '/version')).toBe(true));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('note', { name: 'Environment' })).toBeNull();
  });
});

describe('live socket', () => {
  it('survives crossing the phone breakpoint, and so do the loaded assets', async () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      static readonly OPEN = 1;
      readyState = 0;
      closed = false;
      onmessage = null;
      onclose = null;
      constructor() {
        sockets.push(this);
      }
      send() {}
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'GET /organization/things?page=1&per_page=500': () => ({
        status: 200,
        body: { data: [makeThing()], meta: { total: 1 } },
      }),
    });
    await startSession(fakeTokens());
    renderRoutes(routes, '/dashboard/things');
    await closeSupport();
    await screen.findByRole('heading', { name: 'Assets 1 / 1' });
    const desktop = () => screen.queryByRole('button', { name: 'Close panel' }) !== null;
    expect(desktop()).toBe(true);

    act(() => setViewportWidth(400));
    await waitFor(() => expect(desktop()).toBe(false));
    expect(screen.getByRole('heading', { name: 'Assets 1 / 1' })).toBeTruthy();
    act(() => setViewportWidth(1280));
    await waitFor(() => expect(desktop()).toBe(true));

    expect(screen.getByRole('heading', { name: 'Assets 1 / 1' })).toBeTruthy();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(false);
    expect(calls.filter((call) => call.path.startsWith('/organization/things'))).toHaveLength(1);
  });
});
