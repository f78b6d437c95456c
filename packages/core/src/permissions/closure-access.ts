/**
 * Who may add, change and delete closures: their own organisation's with the closure permissions (or
 * the mobile ones, on a phone); other organisations' only platform administrators. Feed closures are
 * managed by their feed: nobody changes or deletes them here.
 */
import { can } from './access';

interface Caller {
  organizationId: string;
  permissions: readonly string[];
}

interface ClosureSubject {
  organizationId: string;
  closureType: 'manual' | 'automated' | 'feed';
}

const platformAdmin = (caller: Caller) => can(caller.permissions, 'platformAdmin');

/** `mobile`: asked from a phone (the mobile permissions), or by the server (either kind). */
export function mayAddClosure(
  caller: Caller,
  organizationId: string,
  device: 'desktop' | 'mobile' | 'any',
): boolean {
  if (organizationId !== caller.organizationId) return platformAdmin(caller);
  const desktop = can(caller.permissions, 'addClosure');
  const mobile = can(caller.permissions, 'addMobileClosure');
  return (
    platformAdmin(caller) ||
    (device === 'desktop' ? desktop : device === 'mobile' ? mobile : desktop || mobile)
  );
}

export function mayEditClosure(
  caller: Caller,
  closure: ClosureSubject,
  device: 'desktop' | 'mobile' | 'any',
): boolean {
  if (closure.closureType === 'feed') return false;
  if (closure.organizationId !== caller.organizationId) return platformAdmin(caller);
  const desktop = can(caller.permissions, 'editClosure');
  const mobile = can(caller.permissions, 'editMobileClosure');
  return (
    platformAdmin(caller) ||
    (device === 'desktop' ? desktop : device === 'mobile' ? mobile : desktop || mobile)
  );
}

/** Asking the directions service for a route: whoever may add or change their own organisation's closures. */
export function mayRouteClosure(caller: Caller): boolean {
  return (
    mayAddClosure(caller, caller.organizationId, 'any') ||
    mayEditClosure(caller, { organizationId: caller.organizationId, closureType: 'manual' }, 'any')
  );
}

export function mayDeleteClosure(caller: Caller, closure: ClosureSubject): boolean {
  if (closure.closureType === 'feed') return false;
  if (closure.organizationId !== caller.organizationId) return platformAdmin(caller);
  return can(caller.permissions, 'deleteClosure') || platformAdmin(caller);
}
