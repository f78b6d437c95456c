/**
 * The mobile bottom nav: things, events, areas and closures, each when permitted. As in the side
 * nav, the active section toggles the (full-screen) drawer, uncovering the map.
 */
import { Box, Group, UnstyledButton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canSee, SECTIONS } from '@flare/core/permissions/sections';
import { sectionLabel } from '@flare/core/permissions/sections';
import { LAYOUT } from '@flare/core/constants';
import type { Profile } from '@flare/core/schemas/profile';
import { sectionPath } from '../../lib/nav-memory';
import { useSectionNav, type DrawerControls } from './use-section-nav';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';

export function BottomNav({ profile, ...drawer }: { profile: Profile } & DrawerControls) {
  const { active, go } = useSectionNav(drawer);
  const respondersType = (useSubscribedOrganization() ?? profile.userOrg).responders_type;
  return (
    <Box
      component="nav"
      aria-label="Sections"
      h={LAYOUT.bottomNavHeight}
      bg="dark.7"
      style={{ flexShrink: 0 }}
    >
      <Group h="100%" grow gap={0}>
        {SECTIONS.filter((s) => s.inBottomNav && canSee(profile.permissions, s.id)).map((s) => (
          <UnstyledButton
            key={s.id}
            component={Link}
            to={sectionPath(s.id)}
            onClick={go(s.id)}
            aria-current={s.id === active ? 'page' : undefined}
            h="100%"
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Text c={s.id === active ? 'red.3' : 'white'} fw={600} size="sm">
              {sectionLabel(s.id, respondersType)}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
