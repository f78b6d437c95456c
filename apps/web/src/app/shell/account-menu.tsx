/**
 * The avatar menu: full name, email, Profile & Preferences, New Accounts (test), the incident feed for
 * navigation apps (for those who manage it), Sign Out.
 */
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { canSee } from '@flare/core/permissions/sections';
import type { Profile } from '@flare/core/schemas/profile';
import { LAYOUT } from '@flare/core/constants';
import { IncidentFeedDialog } from '../../features/incident-feed/incident-feed-dialog';
import { signOut } from '../../lib/session';

const initials = (profile: Profile) =>
  `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() ||
  profile.email.charAt(0).toUpperCase();

export function AccountMenu({ profile }: { profile: Profile }) {
  const [feedOpen, setFeedOpen] = useState(false);
  return (
    <>
      <Menu trigger="click-hover" position="bottom-end" width={LAYOUT.dropdownWidth / 2} withinPortal>
        <Menu.Target>
          {/* The visible initials are part of the name too (WCAG 2.5.3, axe label-content-name-mismatch). */}
          <UnstyledButton aria-label={`Account menu, ${initials(profile)}`}>
            <Avatar color="red" radius="xl">
              {initials(profile)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
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
              New Accounts (test)
            </Menu.Item>
          )}
          {can(profile.permissions, 'manageIncidentFeed') && (
            <Menu.Item onClick={() => setFeedOpen(true)}>Incident feed for navigation apps</Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => signOut()}>Sign Out</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <IncidentFeedDialog opened={feedOpen} onClose={() => setFeedOpen(false)} />
    </>
  );
}
