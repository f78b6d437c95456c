/**
 * One assets-list row: names with the speed or last place, tags (a raised alarm first), the
 * map-finder button, the status in words beside its colour, and how long ago the asset last
 * reported (marked when stale), as the cells of a grid row. Of all the rows' controls only the list's
 * tab stop is in the tab order. A row whose status just changed is highlighted for a few seconds.
 */
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangleFilled, IconCurrentLocation } from '@tabler/icons-react';
import { memo } from 'react';
import type { RespondersType } from '@flare/core/labels';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus } from '@flare/core/status/thing-status';
import {
  displayName,
  displaySpeed,
  primaryDisplayName,
  secondaryDisplayName,
  thingPosition,
  type SpeedUnit,
} from '@flare/core/things/thing-display';
import { alarmLabel } from '@flare/core/things/thing-alarm';
import { FittedText } from '../../../components/ui/fitted-text';
import { Tag } from '../../../components/ui/tag';
import { ReportAge, useStale } from '../components/report-age';
import { StatusIndicator } from '../components/status-indicator';
import type { RowCell } from './grid-keys';
import { useStatusJustChanged } from '../live/recent-status-changes';

interface Props {
  thing: Thing;
  respondersType: RespondersType;
  wzdxOrg: boolean;
  speedUnit: SpeedUnit;
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
  speedUnit,
  onSelect,
  onFind,
  tabStop,
}: Props) {
  const primary = primaryDisplayName(thing);
  const secondary = secondaryDisplayName(thing);
  const hasPosition = thingPosition(thing) !== null;
  const stop = tabStop === 'find' && !hasPosition ? 'open' : tabStop;
  const justChanged = useStatusJustChanged(thing.id);
  return (
    <Group
      h="100%"
      px="sm"
      gap="xs"
      wrap="nowrap"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: justChanged ? CHANGED_BACKGROUND : undefined,
        transition: 'background-color 600ms ease',
      }}
      data-thing-id={thing.id}
      data-status-changed={justChanged || undefined}
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
            <FittedText
              fw={600}
              size="sm"
              full={displayName(primary, { full: true, inService: thing.in_service })}
              short={displayName(primary, { inService: thing.in_service })}
            />
            <SecondaryLine thing={thing} secondary={secondary} speedUnit={speedUnit} />
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
      {/* As wide as the longest status label, so the map finders line up. */}
      <Stack role="gridcell" gap={2} align="flex-end" miw={96} style={{ flexShrink: 0 }}>
        {/* Out of service, the row's tag already says so in words. */}
        <StatusIndicator
          status={fromServerStatus(thing.status)}
          inService={thing.in_service}
          respondersType={respondersType}
          withLabel={thing.in_service}
          labelSize="xs"
        />
        <ReportAge heartbeat={thing.heartbeat_datetime} />
      </Stack>
    </Group>
  );
});

/** A soft yellow behind a row whose status just changed (the notice says what changed). */
const CHANGED_BACKGROUND = 'var(--mantine-color-yellow-1)';

/**
 * The system name (when a nickname is the primary name), then where the asset is: its speed while it
 * moves and reports, else its last street when known. The full text on hover.
 */
function SecondaryLine({
  thing,
  secondary,
  speedUnit,
}: {
  thing: Thing;
  secondary: string | null;
  speedUnit: SpeedUnit;
}) {
  const stale = useStale(thing.heartbeat_datetime);
  const moving = thing.enroute || (thing.speed ?? 0) > 0;
  const speed = displaySpeed(thing.speed, { unit: speedUnit, stale, moving });
  const place = speed > 0 ? `${speed} ${speedUnit}` : thing.street;
  if (!secondary && !place) return null;
  return (
    <Text size="xs" c="gray.7" truncate title={[secondary, place].filter(Boolean).join(' · ')}>
      {[secondary, place].filter(Boolean).join(' · ')}
    </Text>
  );
}
