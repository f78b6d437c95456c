/** The Support dialog: opens once per visit unless "Don't show again" was chosen. */
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePref } from '../../lib/prefs';

export const SUPPORT_SEEN_KEY = 'flare.support-seen';

export function useSupportDialog() {
  const [dismissed] = usePref('supportDialogDismissed');
  const [opened, setOpened] = useState(() => !dismissed && sessionStorage.getItem(SUPPORT_SEEN_KEY) === null);
  return {
    opened,
    open: () => setOpened(true),
    close: () => {
      sessionStorage.setItem(SUPPORT_SEEN_KEY, '1');
      setOpened(false);
    },
  };
}

export function SupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [dismissed, setDismissed] = usePref('supportDialogDismissed');
  const [dontShow, setDontShow] = useState(dismissed);
  const close = () => {
    setDismissed(dontShow);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Support"
      centered
      closeButtonProps={{ 'aria-label': 'Close support' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Need help with Flare? Your organization&apos;s administrator can reset passwords, manage users and
          assets, and reach the team that runs this installation.
        </Text>
        <Text size="sm">
          Something not working as it should? Tell your administrator what you did, what you expected and what
          happened, with the time it happened.
        </Text>
        <Checkbox
          label="Don't show again"
          checked={dontShow}
          onChange={(event) => setDontShow(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
