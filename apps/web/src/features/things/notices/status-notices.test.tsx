import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHeartbeat } from '@flare/core/testing/live-messages';
import { makeThing } from '@flare/core/testing/things';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { liveThings } from '../live/live-things-store';
import { StatusNotices } from './status-notices';

async function renderNotices() {
  const profile = fakeProfile(['thing:read'], { respondersType: 'all' });
  fakeApi({ 'GET /profile': () => ({ status: 200, body: profile }) });
  await startSession(fakeTokens());
  // Beside the screens, as in the dashboard shell.
  const shell = (
    <>
      <Outlet />
      <StatusNotices />
    </>
  );
  return renderRoutes(
    [
      {
        path: '/dashboard/things',
        element: shell,
        children: [
          { index: true, element: <p>List</p> },
          { path: ':thingId', element: <p>Detail</p> },
        ],
      },
    ],
    '/dashboard/things?q=medic',
  );
}

const notices = () => screen.queryAllByRole('status');

afterEach(() => {
  signOut();
  liveThings.clear();
});

describe('status-change notices', () => {
  it('name the asset and its new status, and select it when clicked, keeping the list filters', async () => {
    const medic = makeThing({ nickname: 'Medic 12 of the night shift', status: 'standby' });
    liveThings.replaceAll([medic]);
    const { router } = await renderNotices();
    act(() => liveThings.apply([makeHeartbeat(medic.id, { status: 'active' })]));
    const notice = await screen.findByRole('button', {
      name: /Medic 12 of the night shift is now Responding/,
    });
    fireEvent.click(notice);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/dashboard/things/${medic.id}?q=medic`,
    );
    await screen.findByText('Detail');
    await waitFor(() => expect(screen.queryByText(/is now Responding/)).toBeNull());
  });

  it('tell of on scene, offline and out of service, and nothing of standing by or a first load', async () => {
    const [a, b, c, d] = [
      makeThing({ nickname: 'A', status: 'active' }),
      makeThing({ nickname: 'B', status: 'pending' }),
      makeThing({ nickname: 'C', status: 'standby' }),
      makeThing({ nickname: 'D', status: 'active' }),
    ];
    liveThings.replaceAll([a, b, c, d]);
    await renderNotices();
    act(() => liveThings.replaceAll([{ ...a, status: 'offline' }, b, c, d]));
    act(() =>
      liveThings.apply([
        makeHeartbeat(a.id, { status: 'active_location' }),
        makeHeartbeat(b.id, { status: 'offline' }),
        makeHeartbeat(c.id, { status: 'standby', in_service: false }),
        makeHeartbeat(d.id, { status: 'standby' }),
      ]),
    );
    await screen.findByText('A is now On-Scene');
    expect(screen.getByText('B is now Offline')).toBeTruthy();
    expect(screen.getByText('C is now Out-of-Service')).toBeTruthy();
    expect(screen.queryByText(/^D is now/)).toBeNull();
    expect(notices()).toHaveLength(3);
  });

  it('show a burst as the first two and one line for the rest', async () => {
    const things = Array.from({ length: 6 }, (_, n) => makeThing({ nickname: `U${n}`, status: 'standby' }));
    liveThings.replaceAll(things);
    await renderNotices();
    act(() => liveThings.upsert(things.map((thing) => ({ ...thing, status: 'active' as const }))));
    await screen.findByText('4 more assets changed status');
    expect(screen.getByText('U0 is now Responding')).toBeTruthy();
    expect(screen.getByText('U1 is now Responding')).toBeTruthy();
    expect(notices()).toHaveLength(3);
  });
});
