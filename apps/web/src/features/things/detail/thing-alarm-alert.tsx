/**
 * An asset's raised alarm at the top of its detail panel: what it is, when it was raised, and
 * Acknowledge, which clears it (it stays raised until someone does).
 */
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { THING_MESSAGES, type Thing } from '@flare/core/schemas/thing';
import { alarmLabel } from '@flare/core/things/thing-alarm';
import { ErrorDialog } from '../../../components/ui/error-dialog';
import { ApiError } from '../../../lib/api-client';
import { useAcknowledgeThingAlarm } from '../api/acknowledge-thing-alarm';
import { DetailField } from '../../../components/ui/detail-field';
import { formatDuration, formatTime } from '../../../lib/format-time';

interface Props {
  thing: Thing;
  now: number;
  canAcknowledge: boolean;
}

export function ThingAlarmAlert({ thing, now, canAcknowledge }: Props) {
  const acknowledge = useAcknowledgeThingAlarm();
  if (!thing.alarm) return null;
  const raisedAt = thing.alarm_raised_at;
  // Another alarm was raised meanwhile: say so (the live feed shows it); otherwise the usual error.
  const newer = acknowledge.error instanceof ApiError && acknowledge.error.status === 409;
  return (
    <>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangleFilled aria-hidden />}
        title={alarmLabel(thing.alarm)}
        role="alert"
      >
        <DetailField label="Raised">
          {formatTime(raisedAt)}
          {raisedAt && ` (${formatDuration(now - Date.parse(raisedAt))} ago)`}
        </DetailField>
        {canAcknowledge && raisedAt && (
          <Group justify="flex-end" mt="xs">
            <Button
              size="xs"
              color="red.9"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate({ thingId: thing.id, raisedAt })}
            >
              {acknowledge.isPending ? 'Acknowledging...' : 'Acknowledge'}
            </Button>
          </Group>
        )}
      </Alert>
      <ErrorDialog
        opened={acknowledge.isError}
        onOk={() => acknowledge.reset()}
        {...(newer ? { text: THING_MESSAGES.newerAlarm } : {})}
      />
    </>
  );
}
