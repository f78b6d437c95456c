/** Test doubles for the server: a scripted fetch, signed-looking tokens and a profile. */
import { vi } from 'vitest';
import type { TokenResponse } from '@flare/core/schemas/auth';
import type { ProfileResponse } from '@flare/core/schemas/profile';
import type { RespondersType } from '@flare/core/labels';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: FakeCall) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'>;

/**
 * Replaces fetch: each "METHOD /path" (without /api) answers from its handler (a promise holds the
 * answer back, to see a request pending); an unknown route answers 404. Returns the calls made, in order.
 */
export function fakeApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: input.replace(/^\/api/, ''),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const answer = (await routes[`${call.method} ${call.path}`]?.(call)) ?? { status: 404, body: {} };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  });
  return calls;
}

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An access token whose payload the dashboard can read (the signature is not checked client side). */
export const fakeJwt = (claims: object, padding = 0) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ ...claims, pad: 'x'.repeat(padding) })}.signature`;

let issued = 0;
export function fakeTokens(org = 'org-1', expiresIn = 900): TokenResponse {
  issued += 1;
  return {
    access_token: fakeJwt({ sub: 'user-1', org, exp: Math.floor(Date.now() / 1000) + expiresIn, n: issued }),
    refresh_token: `refresh-${issued}`,
    expires_in: expiresIn,
    token_type: 'Bearer',
    created_at: Math.floor(Date.now() / 1000),
    scope: 'dashboard',
    uuid: `uuid-${issued}`,
  };
}

export function fakeProfile(
  permissions: string[],
  { org = 'org-1', respondersType = 'none' }: { org?: string; respondersType?: RespondersType } = {},
): ProfileResponse {
  const organization = {
    id: org,
    name: 'Springfield Police Department',
    position: null,
    timezone: 'America/Chicago',
    country_code: 'US',
    organization_type: {
      id: 'type-1',
      name: 'police',
      display_name: 'Police',
      acs: false,
      on_icon_url: null,
      off_icon_url: null,
    },
    responders_type: respondersType,
    is_wzdx_org: false,
    is_large_org: false,
    show_infinite_timeout_option: false,
  };
  return {
    id: 'user-1',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@springfield-pd.test',
    phone: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    postal_code: null,
    country_code: 'US',
    role_id: 2,
    organization_id: org,
    acs: false,
    permissions,
    organization_type: 'police',
    has_api_keys: false,
    is_ha_direct_enabled: false,
    show_infinite_timeout_option: false,
    billing_id: null,
    user_org: organization,
    managed_orgs: [],
    accessed_orgs: [],
  };
}
