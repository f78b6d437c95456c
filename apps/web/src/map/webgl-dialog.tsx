/** Spec 2 section 8: without WebGL there is no map, and a dialog tells how to turn it on. */
import { Button, Center, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@flare/core/messages';

const STEPS: Array<{ browser: string; steps: string[] }> = [
  {
    browser: 'Chrome',
    steps: [
      'Open Settings, then System.',
      'Turn on "Use graphics acceleration when available" and click Relaunch.',
      'If the map still does not show, open chrome://gpu and check that WebGL is available.',
    ],
  },
  {
    browser: 'Firefox',
    steps: [
      'Type about:config in the address bar and accept the warning.',
      'Search for webgl.disabled and make sure it is false.',
      'In Settings, General, Performance, allow hardware acceleration, then restart Firefox.',
    ],
  },
  {
    browser: 'Safari',
    steps: [
      'Open Safari, Settings, Advanced and tick "Show features for web developers".',
      'In the Develop menu, open Feature Flags and make sure WebGL is turned on.',
      'Reload this page.',
    ],
  },
];

export function WebGLDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={MESSAGES.webglRequired}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">The map needs WebGL. Turn it on in your browser, then reload this page.</Text>
        {STEPS.map(({ browser, steps }) => (
          <div key={browser}>
            <Title order={3} size="h5">
              {browser}
            </Title>
            <List type="ordered" size="sm" spacing={2}>
              {steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </div>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the map's area holds instead of a map: the dialog once, and a way back to it. */
export function WebGLUnavailable() {
  const [opened, setOpened] = useState(true);
  return (
    <Center pos="absolute" inset={0} p="md">
      <Stack align="center" gap="xs">
        <Text fw={600}>{MESSAGES.webglRequired}</Text>
        <Button variant="default" onClick={() => setOpened(true)}>
          How to enable WebGL
        </Button>
      </Stack>
      <WebGLDialog opened={opened} onClose={() => setOpened(false)} />
    </Center>
  );
}
