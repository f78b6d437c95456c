/** One export in the list: title, type, range, who asked and when, status with progress, and its actions. */
import { Alert, Button, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { exportTypeLabel, formatExportDay } from '@flare/core/exports/export-rules';
import type { RespondersType } from '@flare/core/labels';
import { exportDeleteRefusal } from '@flare/core/permissions/export-access';
import type { Export, ExportStatus } from '@flare/core/schemas/export';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
import { useSession } from '../../../lib/session';
import { useDeleteExport } from '../api/delete-export';
import { useDownloadExport } from '../api/download-export';
import { displayTimeZone, formatWhen } from '../../../lib/format-time';

const STATUS_LOOK: Record<ExportStatus, { label: string; color: string }> = {
  requested: { label: 'Requested', color: 'gray.8' },
  in_progress: { label: 'In-Progress', color: 'blue.9' },
  completed: { label: 'Completed', color: 'teal.9' },
  errored: { label: 'Error', color: 'red.9' },
};

function rangeOf(exported: Export): string {
  if (!exported.export_start_time || !exported.export_end_time) return 'Assets as they are now';
  const day = (time: string) => formatExportDay(time, displayTimeZone());
  return `${day(exported.export_start_time)} to ${day(exported.export_end_time)}`;
}

export function ExportCard({
  exported,
  respondersType,
}: {
  exported: Export;
  respondersType: RespondersType;
}) {
  const profile = useSession()?.profile;
  const remove = useDeleteExport();
  const download = useDownloadExport();
  const refusal = profile
    ? exportDeleteRefusal({ userId: profile.id, permissions: profile.permissions }, exported)
    : null;
  const status = STATUS_LOOK[exported.status];
  const unfinished = exported.status === 'requested' || exported.status === 'in_progress';

  return (
    <Card withBorder padding="sm" component="li" aria-label={exported.title}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {exported.title}
          </Text>
          <Text size="xs" fw={700} c={status.color} style={{ flexShrink: 0 }}>
            {status.label}
          </Text>
        </Group>
        <Text size="xs" c="gray.7">
          {exportTypeLabel(exported.export_type, respondersType)} · {rangeOf(exported)}
        </Text>
        <Text size="xs" c="gray.7">
          Requested by {exported.requested_by_name ?? 'a former user'} · {formatWhen(exported.requested_at)}
        </Text>
        {unfinished && (
          <Progress.Root>
            <Progress.Section
              value={exported.progress}
              animated
              aria-label={`${exported.title}: ${exported.progress}%`}
            />
          </Progress.Root>
        )}
        <Text size="xs" c="gray.7">
          {exported.rows_written.toLocaleString('en-US')} rows
          {unfinished ? ` · ${exported.progress}%` : ''}
        </Text>
        {exported.error && (
          <Text size="xs" c="red.8">
            {exported.error}
          </Text>
        )}
        {download.error && (
          <Alert color="red" role="alert" py={4}>
            {download.error.message}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          {exported.status === 'completed' && exported.file_id && (
            <Button size="xs" loading={download.isPending} onClick={() => download.mutate(exported.file_id!)}>
              Download
            </Button>
          )}
          <Tooltip label={refusal ?? ''} disabled={!refusal}>
            <span>
              <ConfirmDeleteButton
                title="Delete Export"
                question={`Delete the export "${exported.title}" and its file?`}
                disabled={refusal !== null}
                pending={remove.isPending}
                error={remove.error?.message ?? null}
                onDelete={(done) => remove.mutate(exported.id, { onSuccess: done })}
                onReset={() => remove.reset()}
              />
            </span>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
