/** Edit Location's instructions: shown on arrival unless "Don't show again" was chosen, and on request. */
import { Button, Checkbox, Group, List, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { LOCATION_MOVE_LIMIT_M } from '@flare/core/schemas/location';
import { usePref } from '../../../lib/prefs';

export function LocationInstructionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [dismissed, setDismissed] = usePref('locationInstructionsDismissed');
  const [dontShow, setDontShow] = useState(dismissed);
  const close = () => {
    setDismissed(dontShow);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Edit Location"
      centered
      closeButtonProps={{ 'aria-label': 'Close instructions' }}
    >
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          <List.Item>Drag the blue marker on the map to where the incident is.</List.Item>
          <List.Item>
            It can move less than {LOCATION_MOVE_LIMIT_M} m from where the incident was detected: the circle
            shows how far.
          </List.Item>
          <List.Item>Set the roadway heading (0 to 360°, 0 is north), then Save.</List.Item>
        </List>
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
