import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZONE_DEFAULT_EXPIRY_MINUTES, ZONE_MESSAGES } from '@flare/core/schemas/zone';
import { makeZone, RAMP } from '@flare/core/testing/zones';
import { resetPrefsCache } from '../../../lib/prefs';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { zoneDraft } from '../zone-draft';
import { EditZoneScreen, NewZoneScreen } from './zone-form-screen';

const ZONE_ID = '00000000-0000-4000-8000-000000000092';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetPrefsCache();
});

async function openForm(
  path: string,
  zones = [makeZone({ id: ZONE_ID, organization_id: 'org-1', default_expiry_minutes: 45 })],
) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(['zone:manage']) }),
    'GET /organization/alerting_zones': () => ({ status: 200, body: { data: zones } }),
    'POST /organization/alerting_zones': (call) => ({
      status: 201,
      body: makeZone({ id: ZONE_ID, ...(call.body as object) }),
    }),
    [`PUT /organization/alerting_zones/${ZONE_ID}`]: () => ({ status: 200, body: zones[0] }),
  });
  await startSession(fakeTokens());
  const view = renderRoutes(
    [
      { path: '/dashboard/zones/new', element: <NewZoneScreen /> },
      { path: '/dashboard/zones/:zoneId/edit', element: <EditZoneScreen /> },
      { path: '/dashboard/zones/:zoneId', element: <p>Zone shown</p> },
    ],
    path,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Drawing a zone' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  return { calls, ...view };
}

const expiryField = () => screen.getByRole('textbox', { name: /Default Expiry \(minutes\)/ });
const saves = (calls: Array<{ method: string; body: unknown }>) =>
  calls.filter((call) => call.method !== 'GET').map((call) => call.body as Record<string, unknown>);

describe('the zone form', () => {
  it(`offers a default expiry of ${ZONE_DEFAULT_EXPIRY_MINUTES} minutes for a new zone and saves the one typed`, async () => {
    const { calls } = await openForm('/dashboard/zones/new');
    expect((expiryField() as HTMLInputElement).value).toBe(String(ZONE_DEFAULT_EXPIRY_MINUTES));
    zoneDraft.change({ line: RAMP });
    fireEvent.change(screen.getByRole('textbox', { name: /Hotspot ID/ }), { target: { value: 'HS-NEW' } });
    fireEvent.change(expiryField(), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Zone shown');
    expect(saves(calls)).toEqual([
      expect.objectContaining({ hotspot_id: 'HS-NEW', default_expiry_minutes: 90 }),
    ]);
  });

  it("shows a zone's own expiry, and says what is wrong with an empty one instead of saving", async () => {
    const { calls } = await openForm(`/dashboard/zones/${ZONE_ID}/edit`);
    await waitFor(() => expect((expiryField() as HTMLInputElement).value).toBe('45'));
    fireEvent.change(expiryField(), { target: { value: '' } });
    fireEvent.blur(expiryField());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ZONE_MESSAGES.expiryRange)).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });
});
