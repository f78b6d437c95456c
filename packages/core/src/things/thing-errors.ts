/**
 * What the asset edit forms say when the server refuses a change to a profile or to
 * organisation access, from the HTTP status (0: the server could not be reached) and its message.
 */
import { THING_MESSAGES } from '../schemas/thing';

export function thingUpdateErrorMessage(status: number, message: string | null | undefined): string {
  if (status === 0) return THING_MESSAGES.connectionFailed;
  const text = message?.trim() ?? '';
  if (status === 422) {
    // The catalogue matches on words of the server's message, in this order.
    const lower = text.toLowerCase();
    if (lower.includes('found')) return THING_MESSAGES.notFound;
    if (lower.includes('nickname')) return THING_MESSAGES.nicknameLocked;
    return text || THING_MESSAGES.unknownFailure;
  }
  return THING_MESSAGES.unknownFailure;
}

/**
 * What the Live section says when its assets do not load, from the
 * HTTP status of GET /organization/things (0: the server could not be reached).
 */
export function thingsLoadErrorMessage(status: number): string {
  if (status === 0) return THING_MESSAGES.connectionFailed;
  if (status === 404) return THING_MESSAGES.organizationNotFound;
  return THING_MESSAGES.unknownFailure;
}

/**
 * Registering a device (the new-asset form; not in the catalogue): the server's message for a
 * refused request (an id already registered, an unknown organisation), else the generic texts.
 */
export function createThingErrorMessage(status: number, message: string | null | undefined): string {
  if (status === 0) return THING_MESSAGES.connectionFailed;
  const text = message?.trim() ?? '';
  return (status === 400 || status === 422) && text ? text : THING_MESSAGES.unknownFailure;
}
