import { Anchor, Group, Text } from '@mantine/core';

/** The legal footer of the sign-in screens. */
export function LegalFooter() {
  return (
    <Group component="footer" justify="center" gap="md" mt="xl" c="gray.8">
      <Text size="sm">© {new Date().getFullYear()} Flare contributors</Text>
      <Anchor
        size="sm"
        href="https://opensource.org/license/agpl-v3"
        target="_blank"
        rel="noopener noreferrer"
      >
        License
      </Anchor>
      <Text size="sm">
        Use of this dashboard is subject to your organization&apos;s terms and privacy policy.
      </Text>
    </Group>
  );
}
