/**
 * While the connection is down: since when the data on screen is ("as of 14:18"), the full date and
 * time on hover. Nothing while it is up.
 */
import { Text, type TextProps } from '@mantine/core';
import { useOfflineSince } from '../../lib/connection';
import { formatClockTime, formatTime } from '../../lib/format-time';

export function DataAsOf({ lead = 'as of', ...props }: { lead?: string } & TextProps) {
  const since = useOfflineSince();
  if (since === null) return null;
  const iso = new Date(since).toISOString();
  return (
    <Text component="span" size="xs" fw={600} c="dark.9" {...props}>
      {lead}{' '}
      <time dateTime={iso} title={formatTime(iso)}>
        {formatClockTime(since)}
      </time>
    </Text>
  );
}
