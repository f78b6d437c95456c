/**
 * The question before a save takes away the last organisation an asset is shared with: who loses
 * access, that only the owner will see the asset, and whether the user could give access back (only
 * to organisations their own is related to).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

const names = (list: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(list);

export function RemoveAllAccessDialog({
  opened,
  assetName,
  ownerName,
  removed,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  assetName: string;
  ownerName: string;
  removed: Array<{ name: string; canAddBack: boolean }>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const lost = removed.filter((org) => !org.canAddBack).map((org) => org.name);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Remove all shared access?"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>
          {names(removed.map((org) => org.name))} will no longer see {assetName}: only {ownerName} will.
        </Text>
        <Text>
          {lost.length > 0
            ? `You cannot give ${names(lost)} access again: your organization is not related to ${lost.length > 1 ? 'them' : 'it'}.`
            : 'You can add an organization again from the asset’s Organization Access.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          {/* The darkest red: white on it keeps 4.5:1. */}
          <Button color="red.9" onClick={onConfirm}>
            Remove access
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
