import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../../../config/links';
import { resetPrefsCache } from '../../../lib/prefs';
import { renderRoutes } from '../../../testing/render';
import { OfflineAssetsNotice } from './offline-assets-notice';

afterEach(() => {
  localStorage.clear();
  resetPrefsCache();
});

const renderNotice = (offline: number) =>
  renderRoutes(
    [{ path: '/dashboard/things', element: <OfflineAssetsNotice offline={offline} /> }],
    '/dashboard/things',
  );

describe('the offline-assets notice', () => {
  it('counts the offline assets and names the support contact', () => {
    renderNotice(3);
    expect(screen.getByText('3 offline assets')).toBeTruthy();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('says nothing when no asset is offline', () => {
    renderNotice(0);
    expect(screen.queryByText(/offline asset/)).toBeNull();
  });

  it('goes when dismissed, and stays gone on the next visit', () => {
    const first = renderNotice(1);
    expect(screen.getByText('1 offline asset')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss offline assets notice' }));
    expect(screen.queryByText('1 offline asset')).toBeNull();
    first.unmount();
    resetPrefsCache(); // a new page load reads the stored choice
    renderNotice(1);
    expect(screen.queryByText('1 offline asset')).toBeNull();
  });
});
