import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { renderRoutes } from '../testing/render';
import { ErrorPage } from './message-page';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('a screen that fails to render');
}

describe('the error page', () => {
  it('says "Sorry, there was an incident." when a screen fails, and offers a reload', async () => {
    // The page reports the error to the console, for whoever investigates.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(
      [{ path: '/dashboard/areas', element: <Broken />, errorElement: <ErrorPage /> }],
      '/dashboard/areas',
    );
    expect(await screen.findByText(MESSAGES.incident)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });
});
