/**
 * The frame every edit form shares: the screen with its title, the server-error line, the
 * Cancel / Save row, and the message shown without permission.
 */
import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MESSAGES } from '@flare/core/messages';

export function FormScreen({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" p="sm" pt={0}>
      <Stack gap={0}>
        <Title order={1} size="h4">
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** The alert line with the server's refusal (under the form's buttons). */
export function ServerErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" py="xs">
      {message}
    </Alert>
  );
}

export function FormActions({
  canSave,
  submitting,
  onCancel,
  saveLabel = 'Save',
  savingLabel = 'Saving...',
}: {
  canSave: boolean;
  submitting: boolean;
  onCancel: () => void;
  saveLabel?: string;
  savingLabel?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canSave || submitting}>
        {submitting ? savingLabel : saveLabel}
      </Button>
    </Group>
  );
}

/** Without the permission the screen says so and shows no form (the app's unauthorised page text). */
export function UnauthorizedMessage() {
  return (
    <Center p="xl">
      <Title order={1} size="h4" ta="center">
        {MESSAGES.unauthorizedPage}
      </Title>
    </Center>
  );
}
