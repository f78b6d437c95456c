/**
 * One assets-list row: names, tags (a raised alarm first), the map-finder button and the status icon,
 * as the cells of a grid row. Of all the rows' controls only the list's tab stop is in the tab order.
 */
import { ActionIcon, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangleFilled, IconCurrentLocation } from '@tabler/icons-react';
import { memo } from 'react';
import type { RespondersType } from '@flare/core/labels';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus } from '@flare/core/status/thing-status';
import {
  displayName,
  primaryDisplayName,
  secondaryDisplayName,
  shortenName,
  thingPosition,
} from '@flare/core/things/thing-display';
import { alarmLabel } from '@flare/core/things/thing-alarm';
import { Tag } from '../../../components/ui/tag';
import { StatusIndicator } from '../components/status-indicator';
import type { RowCell } from './grid-keys';

interface Props {
  thing: Thing;
  respondersType: RespondersType;
  wzdxOrg: boolean;
  onSelect: (thing: Thing) => void;
  onFind: (thing: Thing) => void;
  /** The control that is the list's tab stop, when it is in this row (the finder needs a position). */
  tabStop: RowCell | null;
}

/**
 * Memoised: while the list scrolls only rows coming into view render (a live update replaces the
 * asset's object, so a changed asset renders again).
 */
export const ThingRow = memo(function ThingRow({
  thing,
  respondersType,
  wzdxOrg,
  onSelect,
  onFind,
  tabStop,
}: Props) {
  const primary = primaryDisplayName(thing);
  const secondary = secondaryDisplayName(thing);
  const hasPosition = thingPosition(thing) !== null;
  const stop = tabStop === 'find' && !hasPosition ? 'open' : tabStop;
  return (
    <Group
      h="100%"
      px="sm"
      gap="xs"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-thing-id={thing.id}
    >
      <div role="gridcell" style={{ flex: 1, minWidth: 0, alignSelf: 'stretch', display: 'flex' }}>
        <UnstyledButton
          onClick={() => onSelect(thing)}
          style={{ flex: 1, minWidth: 0 }}
          title={primary}
          tabIndex={stop === 'open' ? 0 : -1}
          data-cell="open"
        >
          <Stack gap={2} justify="center" h="100%">
            <Text fw={600} size="sm" truncate>
              {displayName(primary, { inService: thing.in_service })}
            </Text>
            {secondary && (
              <Text size="xs" c="gray.7" truncate>
                {shortenName(secondary)}
              </Text>
            )}
            {(thing.alarm || !thing.in_service || (wzdxOrg && thing.wzdx_enabled)) && (
              <Group gap={4}>
                {thing.alarm && (
                  <Tag
                    size="xs"
                    tone="danger"
                    leftSection={<IconAlertTriangleFilled size={10} aria-hidden />}
                    title="Alarm raised"
                  >
                    {alarmLabel(thing.alarm)}
                  </Tag>
                )}
                {!thing.in_service && (
                  <Tag size="xs" tone="neutral">
                    Out-of-service
                  </Tag>
                )}
                {wzdxOrg && thing.wzdx_enabled && (
                  <Tag size="xs" tone="info">
                    WZDx
                  </Tag>
                )}
              </Group>
            )}
          </Stack>
        </UnstyledButton>
      </div>
      {/* Native titles: a Mantine Tooltip per row costs as much as the row itself when scrolling. */}
      <div role="gridcell">
        <ActionIcon
          variant="subtle"
          color="gray.8"
          aria-label={`Find ${primary} on the map`}
          title={hasPosition ? 'Find on map' : 'No position yet'}
          disabled={!hasPosition}
          onClick={() => onFind(thing)}
          tabIndex={stop === 'find' ? 0 : -1}
          data-cell="find"
        >
          <IconCurrentLocation size={18} />
        </ActionIcon>
      </div>
      <Box role="gridcell">
        <StatusIndicator
          status={fromServerStatus(thing.status)}
          inService={thing.in_service}
          respondersType={respondersType}
        />
      </Box>
    </Group>
  );
});
