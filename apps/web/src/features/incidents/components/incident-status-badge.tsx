/** An incident's state as a badge: Active (on scene now) or Recent (ended). */
import { Badge } from '@mantine/core';
import { incidentStatusLabel, type Incident } from '@flare/core/schemas/incident';

export function IncidentStatusBadge({ location }: { location: Pick<Incident, 'is_active'> }) {
  return (
    <Badge size="sm" variant="filled" color={location.is_active ? 'pink.9' : 'gray.7'}>
      {incidentStatusLabel(location)}
    </Badge>
  );
}
