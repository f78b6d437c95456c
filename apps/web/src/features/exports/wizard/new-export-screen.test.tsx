import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { NewExportScreen } from './new-export-screen';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

/** Exports are asked for an organisation by its id (a UUID). */
const ORG = '00000000-0000-4000-b000-000000000001';

type Reply = { status: number; body: unknown };
const REFUSED: Reply = { status: 422, body: { message: 'Unable to create the export' } };

async function openWizard(createReply: Reply = REFUSED) {
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(['export:manage'], { org: ORG }) }),
    'GET /organization/things?per_page=5000': () => ({
      status: 200,
      body: { data: [{ id: 'car-1', nickname: 'Patrol 101', haas_id: 'SPD-CAR-101' }] },
    }),
    'POST /organization/export': () => createReply,
  });
  await startSession(fakeTokens(ORG));
  renderRoutes(
    [{ path: '/dashboard/data/exports/new', element: <NewExportScreen /> }],
    '/dashboard/data/exports/new',
  );
}

const chooseAssets = () => fireEvent.click(screen.getByText('Assets', { exact: true }));

describe('the export wizard', () => {
  it('Back clears the chosen type and returns to the choice', async () => {
    await openWizard();
    chooseAssets();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Asset Export');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Export');
    expect(screen.getByText('Choose what to export.')).toBeTruthy();
  });

  it('a refused create says why in red, keeps the form, and Back clears it', async () => {
    await openWizard();
    chooseAssets();
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 1 assets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Unable to create the export');
    expect(alert.getAttribute('style')).toContain('--mantine-color-red-8');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New Asset Export');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    chooseAssets();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failure with no message of its own says "Unknown failure"', async () => {
    await openWizard({ status: 500, body: {} });
    chooseAssets();
    fireEvent.click(await screen.findByRole('button', { name: 'Select all 1 assets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown failure');
  });
});
