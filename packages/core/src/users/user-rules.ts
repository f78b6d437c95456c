/**
 * Who may give which role to whom (a user manages only users whose role is at most their own, and
 * assigns only such roles), and what the users screens
 * say when the server refuses.
 */
import { MESSAGES } from '../messages';
import type { Role } from '../schemas/reference';

/** The roles a user with role order `callerOrder` may assign, by order. */
export function assignableRoles(roles: readonly Role[], callerOrder: number): Role[] {
  return roles.filter((role) => role.order <= callerOrder).sort((a, b) => a.order - b.order);
}

/** Whether a caller may change, suspend or delete a user holding a role of order `targetOrder`. */
export function outranksOrEquals(callerOrder: number, targetOrder: number): boolean {
  return targetOrder <= callerOrder;
}

/** POST /users/ refused: 0 unreachable, 422 naming the email, 422 otherwise. */
export function createUserErrorMessage(status: number, message: string | null | undefined): string {
  if (status === 0) return MESSAGES.usersConnectionFailed;
  const text = message ?? '';
  if (status === 422 && /email/i.test(text)) return MESSAGES.emailInUse;
  if (status === 422 && /not found/i.test(text)) return MESSAGES.userNotFound;
  return MESSAGES.accountsUnknownFailure;
}

/**
 * PUT /users/{id} refused: a message containing "find" (the catalogue's word, as in "Couldn't find
 * User") or "found" (our server's "could not be found") means the user is gone.
 */
export function updateUserErrorMessage(status: number, message: string | null | undefined): string {
  if (status === 0) return MESSAGES.usersConnectionFailed;
  const text = message ?? '';
  if (/find|found/i.test(text)) return MESSAGES.selectedUserNotFound;
  if (status === 422 && /email/i.test(text)) return MESSAGES.emailInUse;
  return MESSAGES.userFormSubmitFailed;
}

/** GET /organization/users and DELETE /users/{uuid} refused. */
export function usersErrorMessage(status: number): string {
  if (status === 0) return MESSAGES.usersConnectionFailed;
  if (status === 422) return MESSAGES.userNotFound;
  return MESSAGES.accountsUnknownFailure;
}
