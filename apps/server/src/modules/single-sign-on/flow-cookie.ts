/**
 * What a single sign-on must remember between sending the browser to the provider and its return:
 * the state, the nonce and the PKCE verifier. Kept in the browser, in a short-lived cookie holding a
 * JWT signed with a key of this install (every server process on the database shares it), so the
 * callback may reach any process and nothing is stored per attempt.
 */
import { SignJWT, jwtVerify } from 'jose';

export const FLOW_COOKIE = 'flare_sso_flow';
/** How long a sign-in at the provider may take. */
export const FLOW_TTL_SECONDS = 600;
const AUDIENCE = 'flare-sso-flow';

export interface SignOnFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export class FlowSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(flow: SignOnFlow): Promise<string> {
    return new SignJWT({ state: flow.state, nonce: flow.nonce, cv: flow.codeVerifier })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The flow of a valid, unexpired cookie value, or null. */
  async verify(value: string | undefined): Promise<SignOnFlow | null> {
    if (!value) return null;
    try {
      const { payload } = await jwtVerify(value, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      const { state, nonce, cv } = payload;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof cv !== 'string') return null;
      return { state, nonce, codeVerifier: cv };
    } catch {
      return null;
    }
  }
}
