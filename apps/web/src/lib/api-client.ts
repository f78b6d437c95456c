/**
 * The one way the dashboard calls the API: JSON, the bearer token of the session, errors as
 * ApiError with the HTTP status (0 when the server could not be reached) and the server's reason.
 */
import type { z } from 'zod';
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
  /** A signed-in call was refused as unauthorized, with the server's reason code. */
  onUnauthorized: (code: string | undefined) => void;
}

let auth: Auth = { token: () => null, onUnauthorized: () => {} };

/** Connects the client to the session (kept apart so the session module can use this client too). */
export function configureApiAuth(next: Auth): void {
  auth = next;
}

let pageApiKey: string | null = null;

/**
 * This page's calls go with an integration's API key instead of the session's token: the driver view
 * opened from a partner's link, with no one signed in. Null: the session's again.
 */
export function configureApiKey(key: string | null): void {
  pageApiKey = key;
}

let organizationScope: () => string | null = () => null;

/** Names the organisation `scoped` calls are for, when it is not the user's own (switching organisations). */
export function configureOrganizationScope(scope: () => string | null): void {
  organizationScope = scope;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the session's bearer token (default true). */
  authenticated?: boolean;
  /**
   * A call about the organisation's data, for the subscribed organisation when the user switched to
   * another one: a read (its assets, incidents, areas...) asks for its data (`org_ids[]`); a create
   * (POST) makes the new record its own (`organization_id` in the body, unless the body names one).
   * The server checks the user may see it, or add to it.
   */
  scoped?: boolean;
  signal?: AbortSignal;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return parseBody(await response.text()) as T;
}

/** A call answering a file (a photo, say) rather than JSON: its bytes, errors as apiFetch's. */
export async function apiFetchBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sends the call; a response that is not ok is thrown as ApiError with the server's reason. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const authenticated = options.authenticated ?? true;
  const token = authenticated && !pageApiKey ? auth.token() : null;
  const organizationId = options.scoped ? organizationScope() : null;
  const creating = options.method === 'POST';
  const url =
    organizationId && !creating
      ? `/api${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ 'org_ids[]': organizationId })}`
      : `/api${path}`;
  const requestBody =
    organizationId && creating && isRecord(options.body) && !('organization_id' in options.body)
      ? { ...options.body, organization_id: organizationId }
      : options.body;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        ...(requestBody !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(authenticated && pageApiKey ? { 'x-api-key': pageApiKey } : {}),
      },
      body: requestBody !== undefined ? JSON.stringify(requestBody) : null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportApiReachable(false);
    throw new ApiError(0, MESSAGES.connectionFailed);
  }
  reportApiReachable(true);
  if (response.ok) return response;
  const body = parseBody(await response.text());
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Any 401 on a signed-in call ends the session ("received unauthorized").
  const code = typeof fields.error === 'string' ? fields.error : undefined;
  if (response.status === 401 && token) auth.onUnauthorized(code);
  throw new ApiError(
    response.status,
    typeof fields.message === 'string' ? fields.message : MESSAGES.unknownFailure,
    code,
    typeof fields.error_description === 'string' ? fields.error_description : undefined,
    fields,
  );
}

/** The parsed JSON body; null when empty or not JSON (a proxy's HTML error page, say). */
function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Checks a response against its core schema; a mismatch is an unknown failure, not a crash. */
export function parseResponse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(502, MESSAGES.unknownFailure, 'bad_response');
  return parsed.data;
}
