/** The status section of the detail panel: what it shows depends on the status. */
import { Stack } from '@mantine/core';
import type { Thing } from '@flare/core/schemas/thing';
import { timeToSceneMs } from '@flare/core/status/thing-run';
import { fromServerStatus, isStale } from '@flare/core/status/thing-status';
import { compassPoint, displaySpeed, speedUnit, thingPosition } from '@flare/core/things/thing-display';
import type { RespondersType } from '@flare/core/labels';
import { StatusIndicator } from '../components/status-indicator';
import { DetailField } from '../../../components/ui/detail-field';
import { formatDuration, formatTime } from '../../../lib/format-time';

interface Props {
  thing: Thing;
  now: number;
  countryCode: string | null;
  respondersType: RespondersType;
  /** Large organisations poll: run details need the live feed. */
  polling: boolean;
}

export function ThingStatusSection({ thing, now, countryCode, respondersType, polling }: Props) {
  const status = fromServerStatus(thing.status);
  const heartbeatAt = thing.heartbeat_datetime ? Date.parse(thing.heartbeat_datetime) : null;
  const stale = isStale(heartbeatAt, now);
  const since = Date.parse(thing.status_changed_at);
  const lngLat = thingPosition(thing);
  const position = lngLat ? `${lngLat[1].toFixed(6)}, ${lngLat[0].toFixed(6)}` : '—';

  const toScene = timeToSceneMs(thing);
  // A run starts when the asset turns active (the server keeps it; status/thing-run.ts).
  const runStart = thing.run_started_at ?? thing.status_changed_at;

  let fields: React.ReactNode;
  if (status === 'location') {
    fields = (
      <>
        <DetailField label="Location">{thing.street ?? position}</DetailField>
        <DetailField label="Arrived">{formatTime(thing.status_changed_at)}</DetailField>
        <DetailField label="Time-to-Scene">{toScene === null ? '—' : formatDuration(toScene)}</DetailField>
        <DetailField label="Duration">{formatDuration(now - since)}</DetailField>
      </>
    );
  } else if (status === 'pending' || status === 'offline') {
    fields = <DetailField label="Last Online">{formatTime(thing.heartbeat_datetime)}</DetailField>;
  } else {
    const unit = speedUnit(countryCode);
    const speed = displaySpeed(thing.speed, { unit, stale, moving: thing.enroute || (thing.speed ?? 0) > 0 });
    fields = (
      <>
        <DetailField label="Direction">{compassPoint(thing.course) ?? '—'}</DetailField>
        <DetailField label="Speed">
          {speed} {unit}
        </DetailField>
        {status === 'active' && !polling ? (
          <>
            <DetailField label="Start">{formatTime(runStart)}</DetailField>
            <DetailField label="Run Time">{formatDuration(now - Date.parse(runStart))}</DetailField>
            <DetailField label="Alert Points">{thing.run_alert_points.toLocaleString()}</DetailField>
          </>
        ) : (
          <DetailField label="Last Sync">{formatTime(thing.heartbeat_datetime)}</DetailField>
        )}
      </>
    );
  }

  return (
    <Stack gap={6} aria-label="Status" role="group">
      <StatusIndicator
        status={status}
        inService={thing.in_service}
        respondersType={respondersType}
        withLabel
      />
      {fields}
    </Stack>
  );
}
