/**
 * An asset's status as a coloured dot with its label: spoken, and shown on hover or, `withLabel`,
 * beside the dot (so the status never shows by colour alone).
 */
import { Box, Group, Text, type MantineSize } from '@mantine/core';
import { statusLabel, type ThingStatus } from '@flare/core/status/thing-status';
import type { RespondersType } from '@flare/core/labels';
import { THING_STATUS_COLORS } from '../../../config/thing-status-colors';

interface Props {
  status: ThingStatus;
  inService: boolean;
  respondersType: RespondersType;
  withLabel?: boolean;
  labelSize?: MantineSize;
}

export function StatusIndicator({
  status,
  inService,
  respondersType,
  withLabel = false,
  labelSize = 'sm',
}: Props) {
  const label = inService ? statusLabel(status, respondersType) : 'Out-of-service';
  const dot = (
    <Box
      role="img"
      aria-label={label}
      // A native title: a Tooltip per list row costs as much as the row when scrolling.
      title={withLabel ? undefined : label}
      w={12}
      h={12}
      style={{
        borderRadius: '50%',
        flexShrink: 0,
        background: THING_STATUS_COLORS[inService ? status : 'outOfService'],
      }}
    />
  );
  if (!withLabel) return dot;
  return (
    <Group gap={6} wrap="nowrap">
      {dot}
      {/* The dot already says it to screen readers. */}
      <Text size={labelSize} fw={600} aria-hidden style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Group>
  );
}
