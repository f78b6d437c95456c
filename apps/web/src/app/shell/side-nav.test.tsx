import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@flare/core/schemas/profile';
import { SideNav } from './side-nav';
import { rememberTarget, sectionPath } from '../../lib/nav-memory';

function profile(permissions: string[], respondersType: 'none' | 'some' | 'all'): Profile {
  return {
    permissions,
    userOrg: { responders_type: respondersType, name: 'Org' },
  } as unknown as Profile;
}

function renderNav(p: Profile) {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/dashboard/things']}>
        <SideNav profile={p} onToggleDrawer={() => {}} onOpenDrawer={() => {}} onSupport={() => {}} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return within(screen.getByRole('navigation', { name: 'Sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('side nav', () => {
  it('shows only permitted sections, in spec order, with the responders label', () => {
    expect(renderNav(profile(['zone:read', 'thing:read', 'incident:read'], 'all'))).toEqual([
      'Live',
      'Incidents',
      'Zones',
    ]);
  });

  it('says Events for organisations that are not all responders', () => {
    expect(renderNav(profile(['incident:read'], 'some'))).toEqual(['Events']);
  });

  it('links "Refer a Fleet" to an e-mail to the support contact, in a new tab', () => {
    renderNav(profile(['thing:read'], 'none'));
    const link = screen.getByRole('link', { name: 'Refer a Fleet' });
    expect(link.getAttribute('href')).toBe('mailto:support@flare.localhost?subject=A%20fleet%20for%20Flare');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows the Data button only with data access', () => {
    renderNav(profile(['thing:read'], 'none'));
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
  });

  it('leaves Data out when it would hold neither reports nor exports, though its access allows it', () => {
    renderNav(profile(['haas:manage'], 'none'));
    expect(screen.getByRole('button', { name: 'Support' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Data' })).toBeNull();
  });

  it.each([
    [['report:read'], ['Reports']],
    [['export:read'], ['Exports']],
    [
      ['report:manage', 'export:manage'],
      ['Reports', 'Exports'],
    ],
  ])('with %j the Data menu offers %j', async (permissions, entries) => {
    renderNav(profile(['thing:read', ...permissions], 'none'));
    fireEvent.click(screen.getByRole('button', { name: 'Data' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(
      entries.map((label) => [label, `/dashboard/data/${label.toLowerCase()}`]),
    );
  });
});

describe('account entries', () => {
  const entries = (permissions: string[]) => {
    renderNav(profile(permissions, 'none'));
    const nav = screen.queryByRole('navigation', { name: 'Account' });
    return nav
      ? within(nav)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')])
      : [];
  };

  it('has none without an accounts permission', () => {
    expect(entries(['thing:read'])).toEqual([]);
  });

  it('lists Profile & Preferences below the sections for any accounts permission', () => {
    expect(entries(['thing:admin:manage'])).toEqual([['Profile & Preferences', '/dashboard/accounts']]);
  });

  it('shows New Accounts (preview) only with its access', () => {
    expect(entries(['user:read', 'engineer:test'])).toEqual([
      ['Profile & Preferences', '/dashboard/accounts'],
      ['New Accounts (preview)', '/dashboard/accounts-new'],
    ]);
  });
});

describe('remembered targets', () => {
  it('links a section to the last item opened in it', () => {
    rememberTarget('/dashboard/areas/42/edit');
    expect(sectionPath('areas')).toBe('/dashboard/areas/42');
    rememberTarget('/dashboard/areas');
    expect(sectionPath('areas')).toBe('/dashboard/areas');
    rememberTarget('/dashboard/areas/new');
    expect(sectionPath('areas')).toBe('/dashboard/areas');
  });
});
