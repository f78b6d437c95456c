/** The error dialog: title "Error" and "Click OK to try again." unless told otherwise. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { MESSAGES } from '@flare/core/messages';

interface ErrorDialogProps {
  opened: boolean;
  onOk: () => void;
  title?: string;
  text?: string;
}

export function ErrorDialog({
  opened,
  onOk,
  title = MESSAGES.errorDialogTitle,
  text = MESSAGES.errorDialogText,
}: ErrorDialogProps) {
  return (
    <Modal opened={opened} onClose={onOk} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onOk}>OK</Button>
      </Group>
    </Modal>
  );
}
