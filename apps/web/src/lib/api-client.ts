/**
 * The one way the dashboard calls the API: JSON, the bearer token of the session, errors as
 * ApiError with the HTTP status (0 when the server could not be reached) and the server's reason.
 */
import { MESSAGES } from '@flare/core/messages';
import { reportApiReachable } from './connection';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly description?: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface Auth {
  token: () => string | null;
  onUnauthorized: () => void;
}

let auth: Auth = { token: () => null, onUnauthorized: () => {} };

/** Connects the client to the session (kept apart so the session module can use this client too). */
export function configureApiAuth(next: Auth): void {
  auth = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the session's bearer token (default true). */
  authenticated?: boolean;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const authenticated = options.authenticated ?? true;
  const token = authenticated ? auth.token() : null;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportApiReachable(false);
    throw new ApiError(0, MESSAGES.connectionFailed);
  }
  reportApiReachable(true);
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) {
    // Any 401 on a signed-in call ends the session ("received unauthorized").
    if (response.status === 401 && token) auth.onUnauthorized();
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : MESSAGES.unknownFailure,
      typeof body.error === 'string' ? body.error : undefined,
      typeof body.error_description === 'string' ? body.error_description : undefined,
      body,
    );
  }
  return body as T;
}
