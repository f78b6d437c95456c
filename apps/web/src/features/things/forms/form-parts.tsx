/**
 * Pieces the asset forms share: the screen frame with its title, the server-error line, the
 * Cancel / Save row, the message shown without permission, and loading / load-failure states.
 */
import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MESSAGES } from '@flare/core/messages';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { thingUpdateErrorMessage } from '@flare/core/things/thing-errors';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';

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

/** The alert line with the server's refusal (spec 2 section 2, "Asset edit"). */
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

export function LoadingForm() {
  return (
    <Center p="lg">
      <LoadingIndicator label="Loading asset" />
    </Center>
  );
}

/** A failed load or save, in the words of spec 2 section 8. */
export function thingErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return THING_MESSAGES.unknownFailure;
  // The server's own words (the client's fallback text is not one).
  const message = typeof error.body.message === 'string' ? error.body.message : null;
  return thingUpdateErrorMessage(error.status, message);
}

export function LoadFailed({ error, onBack }: { error: unknown; onBack: () => void }) {
  return (
    <Stack gap="sm">
      <ServerErrorLine message={thingErrorMessage(error)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
