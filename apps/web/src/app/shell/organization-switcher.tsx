/**
 * The subscribed organisation's name in the shell; for users who may switch, a button opening the
 * organisation list ("Organizations (count)", "displaying x/y" while the search filters it, the
 * search only above 5 organisations) to pick the organisation the dashboard shows.
 */
import { Button, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import {
  maySwitchOrganizations,
  ORGANIZATION_SEARCH_ABOVE,
  organizationListTitle,
  subscribableOrganizations,
} from '@flare/core/accounts/organization-switch';
import type { Profile } from '@flare/core/schemas/profile';
import { switchOrganization, useSubscribedOrganization } from '../../lib/subscribed-organization';

export function OrganizationSwitcher({
  profile,
  shorten = (name) => name,
  colour,
}: {
  profile: Profile;
  /** How the name fits the bar (the phone's bar truncates it). */
  shorten?: (name: string) => string;
  colour?: string;
}) {
  const subscribed = useSubscribedOrganization() ?? profile.userOrg;
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const name = shorten(subscribed.name);
  if (!maySwitchOrganizations(profile))
    return (
      <Text size="sm" fw={600} c={colour} truncate>
        {name}
      </Text>
    );

  const organizations = subscribableOrganizations(profile);
  const term = search.trim().toLowerCase();
  const shown = term ? organizations.filter((org) => org.name.toLowerCase().includes(term)) : organizations;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" trapFocus>
      <Popover.Target>
        {/* Outlined with a chevron, so it reads as a control that opens a list, not as a title. */}
        <Button
          variant={colour ? 'outline' : 'default'}
          color={colour}
          size="compact-sm"
          rightSection={<IconSelector size={14} aria-hidden />}
          aria-label={`Organization: ${subscribed.name}. Switch organization`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          {name}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm" aria-live="polite">
            {organizationListTitle(shown.length, organizations.length)}
          </Text>
          {organizations.length > ORGANIZATION_SEARCH_ABOVE && (
            <TextInput
              placeholder="Search for an organization..."
              aria-label="Search for an organization"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          <ScrollArea.Autosize mah={320}>
            <Stack gap={0} role="list" aria-label="Organizations">
              {shown.map((org) => (
                <UnstyledButton
                  key={org.id}
                  role="listitem"
                  px="xs"
                  py={6}
                  aria-current={org.id === subscribed.id ? 'true' : undefined}
                  fw={org.id === subscribed.id ? 700 : 400}
                  onClick={() => {
                    switchOrganization(org.id);
                    setOpened(false);
                    setSearch('');
                  }}
                >
                  {org.name}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
