/**
 * Single sign-on with OpenID Connect: the authorization code flow with PKCE, state and nonce. The
 * provider's verified e-mail address names the Flare user; the auth service then applies the rules of
 * password sign-in and opens the session.
 */
import * as oidc from 'openid-client';
import { MESSAGES } from '@flare/core/messages';
import type { SingleSignOnHealth } from '@flare/core/schemas/common';
import type { SingleSignOnConfig } from '@flare/core/schemas/single-sign-on';
import { USER_NAME_MAX } from '@flare/core/schemas/user';
import type { OidcConfig } from '../../config';
import { HttpError, notFound, unauthorized } from '../../platform/http-errors';
import type { AuthService } from '../auth/auth.service';
import type { UsersService } from '../users/users.service';
import type { FlowSigner, SignOnFlow } from './flow-cookie';
import type { OpenIdProvider } from './openid-provider';

/** A refusal the sign-in screen explains with its reason code (`sso_failed`: anything else went wrong). */
export const signOnFailed = () => unauthorized('sso_failed', MESSAGES.ssoFailed);

/** What the provider says of the person signing in (its standard claims: email, email_verified, names). */
type Identity = Partial<Record<string, unknown>>;

export interface SingleSignOnSetup {
  config: OidcConfig;
  provider: OpenIdProvider;
  flows: FlowSigner;
  /** The callback's address, as registered at the provider. */
  redirectUri: () => string;
}

export class SingleSignOnService {
  constructor(
    private readonly setup: SingleSignOnSetup | null,
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  publicConfig(): SingleSignOnConfig {
    return { enabled: this.setup !== null, provider_name: this.setup?.config.providerName ?? null };
  }

  health(): SingleSignOnHealth | null {
    return this.setup?.provider.health() ?? null;
  }

  /** The provider's sign-in page for a new attempt, and the flow to keep until the browser returns. */
  async start(): Promise<{ authorizationUrl: string; flow: string }> {
    const setup = this.enabled();
    const configuration = await setup.provider.discovered().catch(() => {
      throw signOnFailed();
    });
    const flow: SignOnFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: setup.redirectUri(),
      scope: 'openid email profile',
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: authorizationUrl.href, flow: await setup.flows.sign(flow) };
  }

  /**
   * The provider's answer (the callback's query string): the code is exchanged, the ID token checked
   * (signature, issuer, audience, nonce) and the user signed in. Answers the one-time sign-in code.
   * Throws an HttpError whose code says why the user is refused; other errors are the provider's.
   */
  async finish(query: string, flowCookie: string | undefined): Promise<string> {
    const setup = this.enabled();
    const flow = await setup.flows.verify(flowCookie);
    if (!flow) throw signOnFailed();
    const configuration = await setup.provider.discovered();
    const callbackUrl = new URL(setup.redirectUri());
    callbackUrl.search = query;
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // Providers that keep the ID token small give the e-mail address at the userinfo endpoint only.
    const identity: Identity =
      typeof claims.email === 'string'
        ? claims
        : await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    if (typeof identity.email !== 'string' || !identity.email.includes('@')) throw signOnFailed();
    if (identity.email_verified !== true)
      throw unauthorized('email_not_verified', MESSAGES.ssoEmailNotVerified);
    return this.signIn(identity.email.trim().toLowerCase(), identity, setup.config);
  }

  /** Signs in the user of the address; an unknown one is created first when OIDC_CREATE_USERS says where. */
  private async signIn(email: string, identity: Identity, config: OidcConfig): Promise<string> {
    const create = config.createUsers;
    try {
      return await this.auth.externalSignIn(email);
    } catch (error) {
      if (!(create && error instanceof HttpError && error.code === 'unknown_user')) throw error;
      await this.users.provision({ ...create, email, ...namesOf(identity, email) });
    }
    return this.auth.externalSignIn(email);
  }

  private enabled(): SingleSignOnSetup {
    if (!this.setup) throw notFound(MESSAGES.ssoNotConfigured);
    return this.setup;
  }
}

/** The new user's names: the provider's given and family names, else its full name, else the address. */
function namesOf(identity: Identity, email: string): { firstName: string; lastName: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, USER_NAME_MAX) : '');
  const given = text(identity.given_name);
  const family = text(identity.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const [first = '', ...rest] = text(identity.name).split(/\s+/);
  if (first) return { firstName: first, lastName: rest.join(' ').slice(0, USER_NAME_MAX) };
  return { firstName: email.split('@')[0]!.slice(0, USER_NAME_MAX), lastName: '' };
}
