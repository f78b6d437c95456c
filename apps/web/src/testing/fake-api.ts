/** Test doubles for the server: a scripted fetch, signed-looking tokens and a profile. */
import { http, HttpResponse } from 'msw';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { SetupServerApi } from 'msw/node';
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
 * The network the web tests see (MSW, intercepting fetch below the app): started once per worker by
 * test-setup.ts, a test's answers dropped after it. The API no test answers is unreachable (a request
 * left running by an earlier test fails as without a server, never reaching the real network).
 */
export const fakeNetwork = new SetupServerApi(
  [http.all('*/api/*', () => HttpResponse.error())],
  // fetch only: the live-feed tests talk to real WebSocket servers, which MSW's socket-level
  // interceptors (http.ClientRequest, WebSocket) would sit in front of (and crash the worker on Node 20).
  [new FetchInterceptor()],
);
let listening = false;

/** Set-up files run before each test file, while this module stays loaded: it listens once per worker. */
export function listenToFakeNetwork(): void {
  if (listening) return;
  fakeNetwork.listen({ onUnhandledRequest: 'bypass' });
  listening = true;
}

/**
 * Answers the API: each "METHOD /path?query" (without /api) from its handler (a promise holds the
 * answer back, to see a request pending); an unknown route answers 404. Returns the calls made, in
 * order.
 */
export function fakeApi(routes: Record<string, Handler>): FakeCall[] {
  const calls: FakeCall[] = [];
  fakeNetwork.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call: FakeCall = {
        method: request.method,
        path: url.pathname.replace(/^\/api/, '') + url.search,
        body: text ? JSON.parse(text) : undefined,
        authorization: request.headers.get('authorization'),
      };
      calls.push(call);
      const answer = (await routes[`${call.method} ${call.path}`]?.(call)) ?? { status: 404, body: {} };
      if (answer === 'network-error') return HttpResponse.error();
      return HttpResponse.json(answer.body ?? {}, { status: answer.status });
    }),
  );
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
