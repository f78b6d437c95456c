/** One colour per asset status, shared by the list's status icons and the map's markers. */
import type { ThingStatus } from '@flare/core/status/thing-status';

export const THING_STATUS_COLORS: Record<ThingStatus | 'outOfService', string> = {
  location: '#c2255c',
  active: '#e03131',
  standby: '#1971c2',
  stationary: '#1971c2',
  pending: '#e8590c',
  offline: '#495057',
  outOfService: '#868e96',
};
