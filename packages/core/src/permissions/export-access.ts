/**
 * Who may ask for and delete exports: creating needs export create or manage; deleting needs export
 * delete or manage, and only the user who asked for the export may delete it.
 */
import { EXPORT_MESSAGES } from '../schemas/export';
import { can } from './access';

interface Caller {
  userId: string;
  permissions: readonly string[];
}

/** Why the caller may not delete the export (the disabled button's tooltip), or null when they may. */
export function exportDeleteRefusal(
  caller: Caller,
  exported: { requested_by: string | null },
): string | null {
  if (exported.requested_by !== caller.userId) return EXPORT_MESSAGES.onlyCreatorDeletes;
  return can(caller.permissions, 'deleteExport') ? null : EXPORT_MESSAGES.noDeletePermission;
}
