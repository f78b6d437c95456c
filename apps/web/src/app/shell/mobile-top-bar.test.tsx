import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_ORG_NAME_MAX } from '@flare/core/constants';
import { signOut, startSession } from '../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { MobileTopBar } from './mobile-top-bar';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

async function renderBar(organizationName: string) {
  const profile = fakeProfile(['thing:read']);
  fakeApi({
    'GET /profile': () => ({
      status: 200,
      body: { ...profile, user_org: { ...profile.user_org, name: organizationName } },
    }),
  });
  const signedIn = await startSession(fakeTokens());
  renderRoutes(
    [
      {
        path: '/dashboard/things',
        element: (
          <MobileTopBar profile={signedIn} view="list" onView={() => undefined} onSupport={() => undefined} />
        ),
      },
    ],
    '/dashboard/things',
  );
}

describe('the mobile top bar', () => {
  it(`cuts the organisation's name to ${MOBILE_ORG_NAME_MAX} characters, the cut marked`, async () => {
    const long = `Springfield Metropolitan Area Emergency Services and Highway Maintenance Authority`;
    expect(long.length).toBeGreaterThan(MOBILE_ORG_NAME_MAX);
    await renderBar(long);
    const shown = screen.getByText(/^Springfield Metropolitan/).textContent;
    expect(shown).toHaveLength(MOBILE_ORG_NAME_MAX);
    expect(shown).toBe(`${long.slice(0, MOBILE_ORG_NAME_MAX - 1)}…`);
  });

  it('shows a name that fits in full', async () => {
    await renderBar('Springfield Police Department');
    expect(screen.getByText('Springfield Police Department')).toBeTruthy();
  });
});
