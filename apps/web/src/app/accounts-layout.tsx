/**
 * The accounts sections' frame: a tab per screen (those the user may use), the screen below. The
 * legacy accounts section and accounts-new show the same screens; accounts-new adds Assets.
 */
import { Button, Group } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { can, type Access } from '@flare/core/permissions/access';
import { useSession } from '../lib/session';

interface AccountsTab {
  path: string;
  label: string;
  access?: Access;
}

/** The manager screens' order: organization, account, user, thing, integrations, billing. */
export const ACCOUNTS_NEW_TABS: AccountsTab[] = [
  { path: 'organizations', label: 'Organizations', access: 'viewOrganizations' },
  { path: 'profile', label: 'Profile' },
  { path: 'users', label: 'Users', access: 'viewUsers' },
  { path: 'assets', label: 'Assets', access: 'manageThings' },
  { path: 'integrations', label: 'Integrations', access: 'viewApiKeys' },
  { path: 'billing', label: 'Billing' },
  { path: 'settings', label: 'Settings' },
];

export const LEGACY_ACCOUNTS_TABS: AccountsTab[] = [
  { path: '', label: 'Profile & Preferences' },
  { path: 'users', label: 'Users', access: 'viewUsers' },
  { path: 'organizations', label: 'Organizations', access: 'viewOrganizations' },
  { path: 'integrations', label: 'Integrations', access: 'viewApiKeys' },
];

function useShownTabs(tabs: AccountsTab[]): AccountsTab[] {
  const permissions = useSession()?.profile?.permissions ?? [];
  return tabs.filter((tab) => !tab.access || can(permissions, tab.access));
}

/** The section's index: its first tab the user may use (Profile, which everyone may, at the latest). */
export function FirstAccountsTab({ tabs }: { tabs: AccountsTab[] }) {
  const first = useShownTabs(tabs)[0];
  return first ? <Navigate to={first.path} replace /> : null;
}

export function AccountsLayout({ base, tabs }: { base: string; tabs: AccountsTab[] }) {
  const { pathname } = useLocation();
  const shown = useShownTabs(tabs);
  const rest = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const active = shown.find((tab) => tab.path && rest.split('/')[0] === tab.path)?.path ?? '';
  // Links rather than ARIA tabs: each one opens its own page (and URL).
  return (
    <>
      <Group component="nav" aria-label="Account screens" gap={4} px="sm" pt="sm">
        {shown.map((tab) => (
          <Button
            key={tab.path}
            component={Link}
            to={tab.path ? `${base}/${tab.path}` : base}
            variant={tab.path === active ? 'light' : 'subtle'}
            aria-current={tab.path === active ? 'page' : undefined}
            size="compact-sm"
          >
            {tab.label}
          </Button>
        ))}
      </Group>
      <Outlet />
    </>
  );
}
