/** How hazards look in the list, the detail and on the map: a colour per severity, grey once resolved. */
import { Badge } from '@mantine/core';
import {
  HAZARD_SEVERITIES,
  HAZARD_STATUS_LABELS,
  type Hazard,
  type HazardSeverity,
} from '@flare/core/schemas/hazard';
import { Tag } from '../../components/ui/tag';

/** Dark enough for white text at 4.5:1, and told apart on the map. */
export const SEVERITY_COLOURS: Record<HazardSeverity, string> = {
  low: '#1864ab',
  medium: '#a84300',
  high: '#c92a2a',
};
export const RESOLVED_COLOUR = '#495057';

export function SeverityBadge({ severity }: { severity: HazardSeverity }) {
  return (
    <Badge variant="filled" color={SEVERITY_COLOURS[severity]} c="white">
      {HAZARD_SEVERITIES[severity]}
    </Badge>
  );
}

export function StatusTag({ status }: { status: Hazard['status'] }) {
  return <Tag tone={status === 'open' ? 'danger' : 'positive'}>{HAZARD_STATUS_LABELS[status]}</Tag>;
}
