/** Edit Location's instructions: shown on arrival unless "Don't show again" was chosen, and on request. */
import { List } from '@mantine/core';
import { INCIDENT_MOVE_LIMIT_M } from '@flare/core/schemas/incident';
import { InstructionsDialog } from '../../../components/ui/instructions-dialog';

export function IncidentInstructionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <InstructionsDialog
      title="Edit Location"
      pref="locationInstructionsDismissed"
      opened={opened}
      onClose={onClose}
    >
      <List size="sm" spacing={4}>
        <List.Item>Drag the blue marker on the map to where the incident is.</List.Item>
        <List.Item>
          It can move less than {INCIDENT_MOVE_LIMIT_M} m from where the incident was detected: the circle
          shows how far.
        </List.Item>
        <List.Item>Set the roadway heading (0 to 360°, 0 is north), then Save.</List.Item>
      </List>
    </InstructionsDialog>
  );
}
