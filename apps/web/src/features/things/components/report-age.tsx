/**
 * How long ago an asset last reported ("12 s ago"), counting on the shared live clock (it stops
 * while the connection is down), marked with an icon and words for screen readers once the asset is
 * stale (no report for over 30 s); the report's date and time on hover.
 */
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { isStale } from '@flare/core/status/thing-status';
import { formatAgo, formatTime } from '../../../lib/format-time';
import { useLiveTime } from '../../../lib/use-now';

export const STALE_TITLE = 'Stale: no report for over 30 s';

export function reportTime(heartbeat: string | null): number | null {
  return heartbeat ? Date.parse(heartbeat) : null;
}

/** Whether the asset is stale now, on the live clock; renders again only when that changes. */
export function useStale(heartbeat: string | null): boolean {
  const at = reportTime(heartbeat);
  return useLiveTime((now) => isStale(at, now));
}

/** "12 s ago", or "No report yet" for an asset that never reported. */
export function useReportAge(heartbeat: string | null): string {
  const at = reportTime(heartbeat);
  return useLiveTime((now) => (at === null ? 'No report yet' : formatAgo(now - at)));
}

/** The list row's report age: the stale icon and the age, the date and time on hover. */
export function ReportAge({ heartbeat }: { heartbeat: string | null }) {
  const stale = useStale(heartbeat);
  const age = useReportAge(heartbeat);
  const title = `Last report: ${formatTime(heartbeat)}${stale ? `. ${STALE_TITLE}` : ''}`;
  return (
    <Group gap={2} wrap="nowrap" title={title} data-stale={stale || undefined}>
      {stale && <IconClockExclamation size={14} color="var(--mantine-color-orange-9)" aria-hidden />}
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {stale && <VisuallyHidden>Stale, </VisuallyHidden>}
        {age}
      </Text>
    </Group>
  );
}
