import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeZone } from '@flare/core/testing/zones';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ZonesListScreen } from './zones-list-screen';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('zones list', () => {
  it("shows an active zone with each incident it counts and when it stops counting it (the organisation's time)", async () => {
    const counting = makeZone({
      id: 'z1',
      external_id: 'HS-EXIT-92',
      is_active: true,
      active_locations: [
        {
          id: 'i1',
          external_id: 'INC-7',
          name: 'Main St',
          start_time: '2026-11-29T10:00:00.000Z',
          default_expiry: '2026-11-29T10:30:00.000Z',
        },
      ],
    });
    const quiet = makeZone({ id: 'z2', external_id: 'HS-EXIT-93' });
    fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['zone:read']) }),
      'GET /organization/alerting_zones': () => ({ status: 200, body: { data: [counting, quiet] } }),
    });
    await startSession(fakeTokens());
    renderRoutes([{ path: '/dashboard/zones', element: <ZonesListScreen /> }], '/dashboard/zones');

    const list = await screen.findByRole('list', { name: 'Zones' });
    const [active, standby] = within(list).getAllByRole('listitem');
    expect(within(active!).getByText('Active')).toBeTruthy();
    // America/Chicago, the organisation's zone: 10:30 UTC is 4:30 AM.
    expect(within(active!).getByText('INC-7 Main St · until 4:30 AM')).toBeTruthy();
    expect(within(standby!).getByText('Standby')).toBeTruthy();
    expect(within(standby!).queryByText(/until/)).toBeNull();
  });
});
