import { Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@flare/core/messages';
import { sectionLabel } from '@flare/core/permissions/sections';
import type { SectionId } from '@flare/core/permissions/sections';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';

/** A section that is not built yet: its name and a clear note, inside the shell. */
export function SectionPlaceholder({ section, title }: { section: SectionId; title?: string }) {
  const respondersType = useSubscribedOrganization()?.responders_type ?? 'none';
  return (
    <Stack p="md" gap="xs">
      <Title order={1} size="h3">
        {title ?? sectionLabel(section, respondersType)}
      </Title>
      <Text c="gray.7">{MESSAGES.notYetBuilt}</Text>
    </Stack>
  );
}
