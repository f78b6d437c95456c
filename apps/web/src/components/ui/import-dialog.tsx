/** The import's progress ("Importing 3 of 12..."), then what was imported and what was refused, and why. */
import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import type { ImportState, Refusal } from '../../lib/feature-import';

export function ImportDialog({
  title,
  noun,
  state,
  onClose,
}: {
  /** "Import areas" */
  title: string;
  /** What was imported: one and many ("area", "areas"). */
  noun: { one: string; many: string };
  state: ImportState;
  onClose: () => void;
}) {
  const importing = state.phase === 'importing';
  return (
    <Modal
      opened={state.phase !== 'idle'}
      onClose={onClose}
      title={title}
      // Saving carries on whatever the dialog does, so it stays open until the summary is shown.
      withCloseButton={false}
      closeOnClickOutside={!importing}
      closeOnEscape={!importing}
    >
      {state.phase === 'importing' && (
        <Stack gap="xs">
          <Text aria-live="polite">
            {state.total === 0 ? 'Reading the file...' : `Importing ${state.done + 1} of ${state.total}...`}
          </Text>
          <Progress
            value={state.total === 0 ? 0 : (state.done / state.total) * 100}
            aria-label="Import progress"
            animated
          />
        </Stack>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" role="alert" py="xs">
          {state.message}
        </Alert>
      )}
      {state.phase === 'done' && (
        <Stack gap="sm">
          <Text fw={600} role="status">
            Imported {state.summary.imported} {state.summary.imported === 1 ? noun.one : noun.many}
          </Text>
          {state.summary.refused.length > 0 && (
            <>
              <Text>Not imported:</Text>
              <List size="sm" spacing={4} aria-label="Refused features">
                {state.summary.refused.map((refusal) => (
                  <List.Item key={refusal.index}>{refusalLine(refusal)}</List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      )}
      {!importing && (
        <Group justify="flex-end" mt="md">
          <Button onClick={onClose}>Close</Button>
        </Group>
      )}
    </Modal>
  );
}

/** "Feature 3 (Whole town): Polygon area is too large..." (1-based, as people count). */
function refusalLine({ index, name, reason }: Refusal): string {
  return `Feature ${index + 1}${name ? ` (${name})` : ''}: ${reason}`;
}
