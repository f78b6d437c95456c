/**
 * The avatar menu: full name, email, Profile & Preferences, New Accounts (preview), Manage Accounts & Users
 * (desktop: the accounts section is desktop only), the feeds for navigation apps (those the user
 * manages), the driver view's demo drive (what motorists see of the alerts), Support (the phone has no
 * side nav to reach it), Sign Out.
 */
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { can, MANAGE_ACCOUNTS_MENU } from '@flare/core/permissions/access';
import { canSee } from '@flare/core/permissions/sections';
import { sectionLabel } from '@flare/core/permissions/sections';
import type { Profile } from '@flare/core/schemas/profile';
import { LAYOUT } from '@flare/core/constants';
import { FEEDS_MENU_LABEL, FeedsDialog, useManagedFeeds } from '../../components/feeds/feeds-dialog';
import { DRIVE_PATH } from '../../config/links';
import { signOut } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';

/** The first accounts screen for managing: users, else organisations, else the section's index. */
export function manageAccountsPath(permissions: readonly string[]): string {
  if (can(permissions, 'viewUsers')) return '/dashboard/accounts/users';
  if (can(permissions, 'viewOrganizations')) return '/dashboard/accounts/organizations';
  return '/dashboard/accounts';
}

const initials = (profile: Profile) =>
  `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() ||
  profile.email.charAt(0).toUpperCase();

export function AccountMenu({ profile, onSupport }: { profile: Profile; onSupport: () => void }) {
  const [feedOpen, setFeedOpen] = useState(false);
  const feeds = useManagedFeeds();
  const isMobile = useIsMobile();
  const viewport = useViewportSize();
  return (
    <>
      <Menu
        trigger="click-hover"
        position="bottom-end"
        // The desktop dropdown is 460 px; a phone's profile dropdown 700 px, as wide as the screen allows.
        width={isMobile ? Math.min(LAYOUT.profileDropdownWidth, viewport.width - 16) : LAYOUT.dropdownWidth}
        withinPortal
      >
        <Menu.Target>
          {/* The visible initials are part of the name too (WCAG 2.5.3, axe label-content-name-mismatch). */}
          <UnstyledButton aria-label={`Account menu, ${initials(profile)}`}>
            <Avatar color="red" radius="xl">
              {initials(profile)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {/* Darker than Mantine's dimmed label grey, which is below the 4.5:1 contrast ratio on white. */}
          <Menu.Label c="gray.7">
            <strong>{profile.fullName}</strong>
            <br />
            {profile.email}
          </Menu.Label>
          {canSee(profile.permissions, 'accounts') && (
            <Menu.Item component={Link} to="/dashboard/accounts">
              Profile &amp; Preferences
            </Menu.Item>
          )}
          {canSee(profile.permissions, 'accounts-new') && (
            <Menu.Item component={Link} to="/dashboard/accounts-new">
              {sectionLabel('accounts-new', profile.userOrg.responders_type)}
            </Menu.Item>
          )}
          {!isMobile && can(profile.permissions, MANAGE_ACCOUNTS_MENU) && (
            <Menu.Item component={Link} to={manageAccountsPath(profile.permissions)}>
              Manage Accounts &amp; Users
            </Menu.Item>
          )}
          {feeds.length > 0 && <Menu.Item onClick={() => setFeedOpen(true)}>{FEEDS_MENU_LABEL}</Menu.Item>}
          {can(profile.permissions, 'viewAlerts') && (
            <Menu.Item component="a" href={`${DRIVE_PATH}?demo`} target="_blank" rel="noopener">
              Driver view (demo drive)
            </Menu.Item>
          )}
          <Menu.Item onClick={onSupport}>Support</Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => signOut()}>Sign Out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FeedsDialog kinds={feeds} opened={feedOpen} onClose={() => setFeedOpen(false)} />
    </>
  );
}
