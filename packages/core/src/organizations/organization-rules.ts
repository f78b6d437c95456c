/**
 * Who may give an organisation which type, and what the organisation screens say when the server
 * refuses.
 */
import { MESSAGES } from '../messages';
import { can } from '../permissions/access';
import type { OrganizationType } from '../schemas/organization';

/**
 * The types a caller may give an organisation: every type for platform administrators; the others
 * never make an organisation an ACS one (that switches product features on), but an organisation
 * keeps the type it has.
 */
export function assignableOrganizationTypes(
  types: readonly OrganizationType[],
  permissions: readonly string[],
): OrganizationType[] {
  if (can(permissions, 'platformAdmin')) return [...types];
  return types.filter((type) => !type.acs);
}

/** The server's messages the organisation screens show as they are; anything else is a generic failure. */
const SHOWN = new Set<string>([
  MESSAGES.selectedOrganizationNotFound,
  MESSAGES.organizationTypeNotAssignable,
  MESSAGES.respondersTypeNotAssignable,
  MESSAGES.notYourOwnOrganization,
  MESSAGES.organizationNotEmpty,
  MESSAGES.emailInUse,
]);

/** The line under the organisation form's buttons for a refused call (status 0: unreachable). */
export function organizationErrorMessage(status: number, message: string | null | undefined): string {
  if (status === 0) return MESSAGES.connectionFailed;
  return message && SHOWN.has(message) ? message : MESSAGES.accountsUnknownFailure;
}
