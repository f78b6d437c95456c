/** Pieces the asset forms share: loading and load-failure states, and their error texts. */
import { Button, Group, Stack } from '@mantine/core';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { thingUpdateErrorMessage } from '@flare/core/things/thing-errors';
import { ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';

export function LoadingForm() {
  return <PanelLoading label="Loading asset" />;
}

/** A failed load or save, in the product's fixed wording. */
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
