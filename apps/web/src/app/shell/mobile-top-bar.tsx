import { Group, SegmentedControl } from '@mantine/core';
import { LAYOUT, MOBILE_ORG_NAME_MAX } from '@flare/core/constants';
import type { Profile } from '@flare/core/schemas/profile';
import { AccountMenu } from './account-menu';
import { OrganizationSwitcher } from './organization-switcher';

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export type PhoneView = 'list' | 'map';

const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
];

interface MobileTopBarProps {
  profile: Profile;
  view: PhoneView;
  onView: (view: PhoneView) => void;
  onSupport: () => void;
}

/**
 * The mobile top bar: the organisation's name (70 characters at most), the map/list toggle (the
 * section's screen covers the map) and the profile menu.
 */
export function MobileTopBar({ profile, view, onView, onSupport }: MobileTopBarProps) {
  return (
    <Group
      component="header"
      h={LAYOUT.mobileHeaderHeight}
      px="sm"
      justify="space-between"
      bg="dark.7"
      wrap="nowrap"
      gap="xs"
    >
      <OrganizationSwitcher
        profile={profile}
        shorten={(name) => truncate(name, MOBILE_ORG_NAME_MAX)}
        colour="white"
      />
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <SegmentedControl
          aria-label="Map or list"
          size="xs"
          data={VIEWS}
          value={view}
          onChange={(value) => onView(value as PhoneView)}
        />
        <AccountMenu profile={profile} onSupport={onSupport} />
      </Group>
    </Group>
  );
}
