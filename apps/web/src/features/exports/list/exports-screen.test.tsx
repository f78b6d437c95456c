import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeExport } from '@flare/core/testing/exports';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ExportsScreen } from './exports-screen';

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

const mine = makeExport();

describe('the exports list', () => {
  it('a refused delete shows the reason in its dialog and leaves the list as it was', async () => {
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['export:manage']) }),
      'GET /organization/export': () => ({ status: 200, body: [mine] }),
      'DELETE /organization/export/e1': () => ({ status: 503, body: { message: 'The database is busy' } }),
    });
    await startSession(fakeTokens());
    renderRoutes(
      [{ path: '/dashboard/data/exports', element: <ExportsScreen /> }],
      '/dashboard/data/exports',
    );

    const list = await screen.findByRole('list', { name: 'Exports' });
    await within(list).findByText('Points Export');
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Export' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('The database is busy');
    expect(within(list).getByText('Points Export')).toBeTruthy();
    // Only a delete that succeeds asks for the list again.
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/organization/export'),
    ).toHaveLength(1);
  });
});
