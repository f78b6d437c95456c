/**
 * Who may add, change and delete areas. Owners change their own organisation's areas with the area
 * permissions; areas of other organisations, and the autonomous-vehicle types (no-stop, no-enter),
 * only platform administrators (haas:manage).
 */
import { can } from './access';

interface Caller {
  organizationId: string;
  permissions: readonly string[];
}

interface AreaSubject {
  organizationId: string;
  avType: boolean;
}

const platformAdmin = (caller: Caller) => can(caller.permissions, 'platformAdmin');

/** Adding an area to `organizationId` (of the given type). */
export function mayAddArea(caller: Caller, area: AreaSubject): boolean {
  if (area.avType || area.organizationId !== caller.organizationId) return platformAdmin(caller);
  return can(caller.permissions, 'addArea') || platformAdmin(caller);
}

export function mayEditArea(caller: Caller, area: AreaSubject): boolean {
  if (area.avType || area.organizationId !== caller.organizationId) return platformAdmin(caller);
  return can(caller.permissions, 'editArea') || platformAdmin(caller);
}

export function mayDeleteArea(caller: Caller, area: AreaSubject): boolean {
  if (area.avType || area.organizationId !== caller.organizationId) return platformAdmin(caller);
  return (
    can(caller.permissions, 'deleteArea') || can(caller.permissions, 'editArea') || platformAdmin(caller)
  );
}
