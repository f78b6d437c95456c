/**
 * The status section of the detail panel: the status in words (marked when the asset is stale), its
 * last report, and what else it shows depends on the status. Durations carry their units; times
 * count on the live clock, so they stop while the connection is down.
 */
import { Group, Stack, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import type { Thing } from '@flare/core/schemas/thing';
import { timeToSceneMs } from '@flare/core/status/thing-run';
import { fromServerStatus, isStale, lastReportLabel } from '@flare/core/status/thing-status';
import { compassPoint, displaySpeed, speedUnit, thingPosition } from '@flare/core/things/thing-display';
import type { RespondersType } from '@flare/core/labels';
import { StatusIndicator } from '../components/status-indicator';
import { reportTime, STALE_TITLE } from '../components/report-age';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { DataAsOf } from '../../../components/ui/data-as-of';
import { DetailField } from '../../../components/ui/detail-field';
import { Tag } from '../../../components/ui/tag';
import { formatAgo, formatSpan, formatTime } from '../../../lib/format-time';

interface Props {
  thing: Thing;
  /** The live clock (it stops while the connection is down). */
  now: number;
  countryCode: string | null;
  respondersType: RespondersType;
  /** Large organisations poll: run details need the live feed. */
  polling: boolean;
}

export function ThingStatusSection({ thing, now, countryCode, respondersType, polling }: Props) {
  const status = fromServerStatus(thing.status);
  const heartbeatAt = reportTime(thing.heartbeat_datetime);
  const stale = isStale(heartbeatAt, now);
  const since = Date.parse(thing.status_changed_at);

  const toScene = timeToSceneMs(thing);
  // A run starts when the asset turns active (the server keeps it; status/thing-run.ts).
  const runStart = thing.run_started_at ?? thing.status_changed_at;

  let fields: React.ReactNode;
  if (status === 'location') {
    fields = (
      <>
        <DetailField label="Arrived">{formatTime(thing.status_changed_at)}</DetailField>
        <DetailField label="Time-to-Scene">{toScene === null ? '—' : formatSpan(toScene)}</DetailField>
        <DetailField label="Duration">{formatSpan(now - since)}</DetailField>
      </>
    );
  } else if (status !== 'pending' && status !== 'offline') {
    const unit = speedUnit(countryCode);
    const speed = displaySpeed(thing.speed, { unit, stale, moving: thing.enroute || (thing.speed ?? 0) > 0 });
    fields = (
      <>
        <DetailField label="Direction">{compassPoint(thing.course) ?? '—'}</DetailField>
        <DetailField label="Speed">
          {speed} {unit}
        </DetailField>
        {status === 'active' && !polling && (
          <>
            <DetailField label="Start">{formatTime(runStart)}</DetailField>
            <DetailField label="Run Time">{formatSpan(now - Date.parse(runStart))}</DetailField>
            <DetailField label="Alert Points">{thing.run_alert_points.toLocaleString()}</DetailField>
          </>
        )}
      </>
    );
  }

  return (
    <Stack gap={6} aria-label="Status" role="group">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <StatusIndicator
            status={status}
            inService={thing.in_service}
            respondersType={respondersType}
            withLabel
          />
          {stale && (
            <Tag
              tone="neutral"
              size="sm"
              title={STALE_TITLE}
              leftSection={<IconClockExclamation size={12} aria-hidden />}
            >
              Stale
            </Tag>
          )}
        </Group>
        <DataAsOf lead="Data as of" />
      </Group>
      <DetailField label={lastReportLabel(status)}>
        {heartbeatAt === null ? (
          'No report yet'
        ) : (
          <>
            {formatAgo(now - heartbeatAt)}
            <Text size="xs" c="gray.7" component="div">
              <time dateTime={thing.heartbeat_datetime!}>{formatTime(thing.heartbeat_datetime)}</time>
            </Text>
          </>
        )}
      </DetailField>
      <DetailField label="Location">
        <Place thing={thing} />
      </DetailField>
      {fields}
    </Stack>
  );
}

/** The street when known, and the coordinates with a copy button (they are what a radio call needs). */
function Place({ thing }: { thing: Thing }) {
  const lngLat = thingPosition(thing);
  if (!lngLat) return <>{thing.street ?? '—'}</>;
  const coordinates = `${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}`;
  return (
    <>
      {thing.street && <div>{thing.street}</div>}
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Text size="sm" fw={500} component="span">
          {coordinates}
        </Text>
        <CopyValueButton value={coordinates} label="Copy coordinates" />
      </Group>
    </>
  );
}
