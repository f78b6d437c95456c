/** A "?" beside a title that opens the topic's help text (core's helpText). */
import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { helpText, type HelpTopic } from '@flare/core/help-texts';

export function HelpTip({ topic }: { topic: HelpTopic }) {
  const { title, text } = helpText(topic);
  return (
    <Popover width={300} position="bottom-start" shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label={`Help: ${title}`}>
          <IconHelpCircle size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
