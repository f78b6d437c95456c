/**
 * Who may add, change and delete alerting zones: their own organisation's with zone:manage; those of
 * other organisations only platform administrators (haas:manage).
 */
import { can } from './access';

interface Caller {
  organizationId: string;
  permissions: readonly string[];
}

export function mayManageZone(caller: Caller, zone: { organizationId: string }): boolean {
  if (can(caller.permissions, 'platformAdmin')) return true;
  return zone.organizationId === caller.organizationId && can(caller.permissions, 'manageZones');
}
