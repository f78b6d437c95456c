import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value in the detail panel. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
