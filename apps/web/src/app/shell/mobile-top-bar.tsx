import { Group } from '@mantine/core';
import { LAYOUT, MOBILE_ORG_NAME_MAX } from '@flare/core/constants';
import type { Profile } from '@flare/core/schemas/profile';
import { AccountMenu } from './account-menu';
import { OrganizationSwitcher } from './organization-switcher';

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
      <OrganizationSwitcher
        profile={profile}
        shorten={(name) => truncate(name, MOBILE_ORG_NAME_MAX)}
        colour="white"
      />
      <AccountMenu profile={profile} />
    </Group>
  );
}
