/** How closures look: each status's word, tag tone and line colour on the map; the driving route's colour. */
import type { ClosureStatus, ClosureType } from '@flare/core/schemas/closure';
import type { TagTone } from '../../components/ui/tag';

export const CLOSURES_PATH = '/dashboard/closures';

export const CLOSURE_STATUS_LOOK: Record<ClosureStatus, { label: string; tone: TagTone; colour: string }> = {
  active: { label: 'Active', tone: 'danger', colour: '#c92a2a' },
  standby: { label: 'Standby', tone: 'info', colour: '#1864ab' },
  pending: { label: 'Pending', tone: 'neutral', colour: '#e67700' },
  offline: { label: 'Offline', tone: 'neutral', colour: '#495057' },
};

/** The driving route while a closure is drawn: apart from the drawn segments (red) and the statuses. */
export const CLOSURE_ROUTE_COLOUR = '#7048e8';

export const CLOSURE_TYPE_LABELS: Record<ClosureType, string> = {
  manual: 'Manual',
  automated: 'Automated',
  feed: 'Feed',
};
