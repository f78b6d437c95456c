import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hazard } from '@flare/core/schemas/hazard';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { HazardDetailScreen } from './hazard-detail-screen';

const HAZARD: Hazard = {
  id: '6f1c3a52-8b1e-4c39-9a57-1d2e3f4a5b6c',
  organization_id: 'org-1',
  hazard_type: 'disabled_vehicle',
  severity: 'medium',
  lat: 39.7817,
  lng: -89.6501,
  reported_at: '2026-12-01T10:00:00.000Z',
  reported_by: { kind: 'thing', id: 'thing-1', name: 'Patrol 101' },
  note: 'Blue sedan on the shoulder',
  has_photo: false,
  status: 'open',
  resolved_at: null,
  resolved_by: null,
};
const routes = [{ path: '/dashboard/hazards/:hazardId', element: <HazardDetailScreen /> }];

async function showHazard(
  permissions: string[],
  resolve?: () => FakeAnswer | 'network-error' | Promise<FakeAnswer>,
) {
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }),
    [`GET /hazards/${HAZARD.id}`]: () => ({ status: 200, body: HAZARD }),
    ...(resolve ? { [`PUT /hazards/${HAZARD.id}/resolve`]: resolve } : {}),
  });
  await startSession(fakeTokens());
  renderRoutes(routes, `/dashboard/hazards/${HAZARD.id}`);
  await screen.findByRole('heading', { level: 1, name: 'Disabled vehicle' });
}

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('hazard detail', () => {
  it('shows what was reported, by which asset, and offers Resolve only to those who may resolve', async () => {
    await showHazard(['hazard:read']);
    expect(screen.getByText('Medium')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('Patrol 101 (asset)')).toBeTruthy();
    expect(screen.getByText('39.78170, -89.65010')).toBeTruthy();
    expect(screen.getByText('Blue sedan on the shoulder')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('resolves after a confirmation, saying "Saving..." meanwhile, and shows who resolved it', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    await showHazard(
      ['hazard:read', 'hazard:update'],
      () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve hazard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeTruthy();
    answer({
      status: 200,
      body: {
        ...HAZARD,
        status: 'resolved',
        resolved_at: '2026-12-01T11:00:00.000Z',
        resolved_by: { id: 'user-1', name: 'Ada Lovelace' },
      },
    });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Open')).toBeNull();
    expect(screen.getByText('Resolved by')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('shows why resolving failed in the dialog, and clears it when the dialog closes', async () => {
    await showHazard(['hazard:manage'], () => ({
      status: 409,
      body: { error: 'already_resolved', message: 'Hazard is already resolved' },
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve hazard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Hazard is already resolved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    // The query library tells the screen of the reset on its next tick.
    await waitFor(() => expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull());
  });

  it('says "Connection failed" when the server cannot be reached', async () => {
    await showHazard(['hazard:manage'], () => 'network-error');
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve hazard' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Connection failed');
  });
});
