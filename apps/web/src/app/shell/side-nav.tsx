/**
 * The desktop side nav: logo, permitted sections in spec order, the account entries (Profile &
 * Preferences, New Accounts), the Data menu, Support, Refer a Fleet, copyright.
 */
import { Anchor, Box, Button, Menu, NavLink, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  accountNavSections,
  canSee,
  SECTIONS,
  showsInSideNav,
  visibleDataSubsections,
  type DataSubsectionId,
} from '@flare/core/permissions/sections';
import { sectionLabel } from '@flare/core/permissions/sections';
import { LAYOUT } from '@flare/core/constants';
import type { Profile } from '@flare/core/schemas/profile';
import { REFER_A_FLEET_URL } from '../../config/links';
import { sectionPath } from '../../lib/nav-memory';
import { useSectionNav, type DrawerControls } from './use-section-nav';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';

interface SideNavProps extends DrawerControls {
  profile: Profile;
  onSupport: () => void;
}

export function SideNav({ profile, onSupport, ...drawer }: SideNavProps) {
  const { active, go } = useSectionNav(drawer);
  const respondersType = (useSubscribedOrganization() ?? profile.userOrg).responders_type;

  return (
    <Box
      component="aside"
      w={LAYOUT.sideNavWidth}
      bg="dark.7"
      c="white"
      style={{ display: 'flex', flexDirection: 'column', flexShrink: 0 }}
    >
      <Text fw={800} size="xl" p="md" c="red.4">
        Flare
      </Text>
      <Box component="nav" aria-label="Sections" style={{ flex: 1 }}>
        {SECTIONS.filter((s) => showsInSideNav(profile.permissions, s.id)).map((s) => (
          <NavLink
            key={s.id}
            component={Link}
            to={sectionPath(s.id)}
            label={sectionLabel(s.id, respondersType)}
            onClick={go(s.id)}
            {...entryLook(s.id === active)}
          />
        ))}
        <AccountEntries profile={profile} active={active} onOpen={drawer.onOpenDrawer} />
      </Box>
      <Stack gap={4} p="xs">
        {canSee(profile.permissions, 'data') && (
          <DataMenu
            permissions={profile.permissions}
            active={active === 'data'}
            onOpen={drawer.onOpenDrawer}
          />
        )}
        <Button variant="subtle" color={ENTRY_COLOR} onClick={onSupport}>
          Support
        </Button>
        <Anchor
          href={REFER_A_FLEET_URL}
          target="_blank"
          rel="noopener noreferrer"
          c="gray.3"
          size="sm"
          ta="center"
        >
          Refer a Fleet
        </Anchor>
        <Text size="xs" c="gray.4" ta="center">
          © {new Date().getFullYear()} Flare
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * The active entry is a near-white pill with dark text, the others white text on the dark nav.
 * Filled, Mantine writes white on the near-white pill unless told to contrast the text.
 */
const ENTRY_COLOR = 'gray.0';
const entryLook = (active: boolean) =>
  ({
    active,
    variant: 'filled',
    color: ENTRY_COLOR,
    autoContrast: true,
    c: active ? undefined : 'white',
  }) as const;

/** Below the sections: the accounts sections the user may see, each opening at its first screen. */
function AccountEntries({
  profile,
  active,
  onOpen,
}: {
  profile: Profile;
  active: string | undefined;
  onOpen: () => void;
}) {
  const shown = accountNavSections(profile.permissions);
  if (shown.length === 0) return null;
  return (
    <Box component="nav" aria-label="Account" mt="md">
      {shown.map((section) => (
        <NavLink
          key={section}
          component={Link}
          to={`/dashboard/${section}`}
          label={sectionLabel(section, profile.userOrg.responders_type)}
          onClick={onOpen}
          {...entryLook(section === active)}
        />
      ))}
    </Box>
  );
}

const DATA_LABELS: Record<DataSubsectionId, string> = { reports: 'Reports', exports: 'Exports' };

/** Data: the sub-sections the user may see (core); shown only when it holds at least one (canSee). */
function DataMenu({
  permissions,
  active,
  onOpen,
}: {
  permissions: readonly string[];
  active: boolean;
  onOpen: () => void;
}) {
  return (
    <Menu position="right-end" withinPortal>
      <Menu.Target>
        <Button variant={active ? 'filled' : 'subtle'} color={ENTRY_COLOR} autoContrast>
          Data
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {visibleDataSubsections(permissions).map((id) => (
          <Menu.Item key={id} component={Link} to={`/dashboard/data/${id}`} onClick={onOpen}>
            {DATA_LABELS[id]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
