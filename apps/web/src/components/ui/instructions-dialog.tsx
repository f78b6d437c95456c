/**
 * Instructions for editing on the map: shown on arrival unless "Don't show again" was chosen (kept in
 * this browser under `pref`), and again on request.
 */
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { usePref, type InstructionsPref } from '../../lib/prefs';
import { focusMainIfLost } from './main-landmark';

export function InstructionsDialog({
  title,
  pref,
  opened,
  onClose,
  children,
}: {
  title: string;
  pref: InstructionsPref;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const [dismissed, setDismissed] = usePref(pref);
  const [dontShow, setDontShow] = useState(dismissed);
  const close = () => {
    setDismissed(dontShow);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close instructions' }}
      onExitTransitionEnd={focusMainIfLost}
    >
      <Stack gap="sm">
        {children}
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
