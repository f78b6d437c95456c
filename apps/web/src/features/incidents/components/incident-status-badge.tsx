/** An incident's state as a badge: Active (on scene now) or Recent (ended). */
import { Badge } from '@mantine/core';
import { locationStatusLabel, type Location } from '@flare/core/schemas/location';

export function IncidentStatusBadge({ location }: { location: Pick<Location, 'is_active'> }) {
  return (
    <Badge size="sm" variant="filled" color={location.is_active ? 'pink.9' : 'gray.7'}>
      {locationStatusLabel(location)}
    </Badge>
  );
}
