/**
 * The driver view's banner: the nearest alert that concerns the vehicle, large (what it is, the
 * organisation's message, the distance counting down as the vehicle moves), how many more lie
 * ahead; else that the way is clear. Announced once when a new alert comes to the front, not at
 * every metre of the countdown.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Alert } from '@flare/core/schemas/alert';
import { alertTitle, formatDistance, type AlertAhead } from './alerts-ahead';

/** High: white on red; medium: dark on orange; low: dark on yellow (each readable at a glance). */
const SEVERITY_COLOURS: Record<Alert['severity'], { bg: string; c: string }> = {
  high: { bg: 'red.9', c: 'white' },
  medium: { bg: 'orange.4', c: 'dark.9' },
  low: { bg: 'yellow.3', c: 'dark.9' },
};

export function AlertBanner({ ahead }: { ahead: AlertAhead[] }) {
  const [nearest, ...more] = ahead;
  if (!nearest) {
    return (
      <Paper component="section" aria-label="Alerts ahead" shadow="md" p="md" bg="white" c="dark.9">
        <Text fz="xl" fw={700}>
          No alerts ahead
        </Text>
      </Paper>
    );
  }
  const { alert, metres } = nearest;
  const colours = SEVERITY_COLOURS[alert.severity];
  return (
    <Paper component="section" aria-label="Alerts ahead" shadow="md" p="md" bg={colours.bg} c={colours.c}>
      <Stack gap={4}>
        <Group wrap="nowrap" justify="space-between" align="center" gap="sm">
          <Group wrap="nowrap" gap="xs">
            <IconAlertTriangle size={36} aria-hidden stroke={2.2} style={{ flexShrink: 0 }} />
            {/* Keyed by the alert: a new one at the front is announced, the same one is not again. */}
            <Text role="alert" key={alert.id} fz={24} fw={800} lh={1.15}>
              {alertTitle(alert)}
            </Text>
          </Group>
          <Text
            fz={36}
            fw={800}
            lh={1}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="alert-distance"
            aria-label={`In ${formatDistance(metres)}`}
          >
            {formatDistance(metres)}
          </Text>
        </Group>
        {alert.message !== alertTitle(alert) && (
          <Text fz="xl" fw={600} lh={1.25}>
            {alert.message}
          </Text>
        )}
        {more.length > 0 && (
          <Text fz="md">{more.length === 1 ? '1 more alert ahead' : `${more.length} more alerts ahead`}</Text>
        )}
      </Stack>
    </Paper>
  );
}
