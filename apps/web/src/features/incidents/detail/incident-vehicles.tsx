/** The vehicles of an incident: those on scene and those that left, each opening its asset. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { IncidentThing } from '@flare/core/schemas/incident';
import { formatDuration } from '../../../lib/format-time';

export function IncidentVehicles({ title, vehicles }: { title: string; vehicles: IncidentThing[] }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={2} size="h6">
        {title} ({vehicles.length})
      </Title>
      {vehicles.length === 0 ? (
        <Text size="sm" c="gray.7">
          None
        </Text>
      ) : (
        vehicles.map((vehicle) => (
          <Text key={`${vehicle.id}-${vehicle.start_time}`} size="sm">
            <Anchor component={Link} to={`/dashboard/things/${vehicle.id}`}>
              {vehicle.name}
            </Anchor>{' '}
            <Text span c="gray.7" size="sm">
              on scene {formatDuration(vehicle.runtime * 1000)}
            </Text>
          </Text>
        ))
      )}
    </Stack>
  );
}
