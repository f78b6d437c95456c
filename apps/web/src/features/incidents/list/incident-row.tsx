/**
 * One events-list row: System ID, state, street and start; an active incident lists the vehicles on
 * scene, and every vehicle that left has a line of its own (heights: incidentRowHeight).
 */
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { memo } from 'react';
import { incidentPlace, type Incident } from '@flare/core/schemas/incident';
import { formatTime } from '../../../lib/format-time';
import { IncidentStatusBadge } from '../components/incident-status-badge';

interface Props {
  location: Incident;
  onSelect: (location: Incident) => void;
  onFind: (location: Incident) => void;
}

/** Memoised: while the list scrolls only rows coming into view render. */
export const IncidentRow = memo(function IncidentRow({ location, onSelect, onFind }: Props) {
  const place = incidentPlace(location);
  return (
    <Group
      h="100%"
      px="sm"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', overflow: 'hidden' }}
      data-location-id={location.id}
    >
      <UnstyledButton
        onClick={() => onSelect(location)}
        style={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}
        title={`${location.external_id}, ${place}`}
      >
        <Stack gap={2} py={6}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {location.external_id}
            </Text>
            <IncidentStatusBadge location={location} />
          </Group>
          <Text size="sm" truncate>
            {place}
          </Text>
          <Text size="xs" c="gray.7">
            {formatTime(location.start_time)}
          </Text>
          {location.is_active && (
            <Text size="xs" lineClamp={4} mt={4}>
              On scene ({location.things_active.length}):{' '}
              {location.things_active.map((thing) => thing.name).join(', ') || '—'}
            </Text>
          )}
          {location.things_inactive.map((thing) => (
            <Text key={`${thing.id}-${thing.start_time}`} size="xs" c="gray.7" lh="15px" truncate>
              Left: {thing.name}
            </Text>
          ))}
        </Stack>
      </UnstyledButton>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        mt={6}
        aria-label={`Find ${location.external_id} on the map`}
        title="Find on map"
        onClick={() => onFind(location)}
      >
        <IconCurrentLocation size={18} />
      </ActionIcon>
    </Group>
  );
});
