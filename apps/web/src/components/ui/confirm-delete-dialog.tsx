/**
 * "Delete X" after a confirmation: the button (disabled for those who may not), and the dialog with
 * the failure's message if the delete fails; closing the dialog clears that message.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Dark enough for small text on white, and white text on it (WCAG AA). */
const DANGER = 'red.8';

export function ConfirmDeleteButton({
  title,
  question,
  disabled = false,
  pending,
  error,
  onDelete,
  onReset,
}: {
  /** The button's and the dialog's title, e.g. "Delete Area". */
  title: string;
  question: string;
  disabled?: boolean;
  pending: boolean;
  error: string | null;
  onDelete: (done: () => void) => void;
  onReset: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onReset();
  };
  return (
    <>
      <Button color={DANGER} variant="outline" disabled={disabled} onClick={() => setConfirming(true)}>
        {title}
      </Button>
      <Modal opened={confirming} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{question}</Text>
          {error && (
            <Alert color="red" role="alert" py="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color={DANGER} loading={pending} onClick={() => onDelete(() => setConfirming(false))}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
