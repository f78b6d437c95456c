/**
 * An action after a confirmation: the button (disabled for those who may not), and the dialog that
 * asks, shows the action under way and, if it fails, the failure's message; closing the dialog
 * clears that message.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface ConfirmButtonProps {
  /** The button's text. */
  label: string;
  /** The dialog's title. */
  title: string;
  question: string;
  /** The dialog's confirming button. */
  confirmLabel: string;
  /** What the confirming button says while the action runs; without it, it spins. */
  pendingLabel?: string;
  color?: 'red';
  variant?: 'filled' | 'outline';
  disabled?: boolean;
  /** Focus the button when it appears (it replaced the control that had the focus). */
  autoFocus?: boolean;
  pending: boolean;
  error: string | null;
  /** Runs the action; `done` closes the dialog (call it on success). */
  onConfirm: (done: () => void) => void;
  onReset: () => void;
}

export function ConfirmButton({
  label,
  title,
  question,
  confirmLabel,
  pendingLabel,
  color,
  variant = 'filled',
  disabled = false,
  autoFocus = false,
  pending,
  error,
  onConfirm,
  onReset,
}: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onReset();
  };
  return (
    <>
      <Button
        color={color}
        variant={variant}
        disabled={disabled}
        autoFocus={autoFocus}
        onClick={() => setConfirming(true)}
      >
        {label}
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
            <Button
              color={color}
              loading={pending && !pendingLabel}
              disabled={pending && !!pendingLabel}
              onClick={() => onConfirm(() => setConfirming(false))}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
