import { Group, Text } from '@mantine/core';
import { LAYOUT, MOBILE_ORG_NAME_MAX } from '@flare/core/constants';
import type { Profile } from '@flare/core/schemas/profile';
import { AccountMenu } from './account-menu';

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The mobile top bar: the organisation's name (70 characters at most) and the profile menu. */
export function MobileTopBar({ profile }: { profile: Profile }) {
  return (
    <Group
      component="header"
      h={LAYOUT.mobileHeaderHeight}
      px="sm"
      justify="space-between"
      bg="dark.7"
      wrap="nowrap"
    >
      <Text c="white" fw={600} truncate>
        {truncate(profile.userOrg.name, MOBILE_ORG_NAME_MAX)}
      </Text>
      <AccountMenu profile={profile} />
    </Group>
  );
}
