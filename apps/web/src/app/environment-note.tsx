/**
 * On an installation that is not production (development, test, staging), every page says so: a
 * note at the foot of the screen that lets clicks through, and the environment before the page title.
 */
import { Box, Text } from '@mantine/core';
import { useEffect } from 'react';
import { ENVIRONMENT_LABELS, environmentNotice } from '@flare/core/environment';
import { useServerEnvironment } from '../lib/api/get-version';

export function EnvironmentNote() {
  const environment = useServerEnvironment();
  const notice = environment ? environmentNotice(environment) : null;

  useEffect(() => {
    if (!environment || !notice) return;
    const prefix = `[${ENVIRONMENT_LABELS[environment]}] `;
    if (!document.title.startsWith(prefix)) document.title = prefix + document.title;
    return () => {
      document.title = document.title.replace(prefix, '');
    };
  }, [environment, notice]);

  if (!notice) return null;
  return (
    <Box
      role="note"
      aria-label="Environment"
      pos="fixed"
      bottom={4}
      left="50%"
      px="sm"
      py={2}
      bg="orange.1"
      style={{
        transform: 'translateX(-50%)',
        zIndex: 2000,
        pointerEvents: 'none',
        borderRadius: 'var(--mantine-radius-xl)',
        border: '1px solid var(--mantine-color-orange-7)',
      }}
    >
      <Text size="xs" fw={700} c="#7a2e00">
        {notice}
      </Text>
    </Box>
  );
}
