/** Access tokens are short-lived signed JWTs; refresh tokens are opaque random strings stored hashed. */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'flare';
const AUDIENCE = 'flare-dashboard';

export interface AccessClaims {
  userId: string;
  organizationId: string;
  sessionId: string;
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TokenSigner {
  private readonly key: Uint8Array;
  /** Keys of earlier secrets: tokens they signed stay valid until they expire (key rotation). */
  private readonly previousKeys: Uint8Array[];

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    previousSecrets: readonly string[] = [],
  ) {
    const encode = (text: string) => new TextEncoder().encode(text);
    this.key = encode(secret);
    this.previousKeys = previousSecrets.map(encode);
  }

  async sign(claims: Omit<AccessClaims, 'expiresAt'>, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ org: claims.organizationId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomUUID())
      .setSubject(claims.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.accessTtlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    for (const key of [this.key, ...this.previousKeys]) {
      const claims = await this.verifyWith(key, token);
      if (claims) return claims;
    }
    return null;
  }

  private async verifyWith(key: Uint8Array, token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires is not one this server made.
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      // The ids are uuids: anything else is refused here, never handed to the database.
      const ids = [payload.sub, payload.org, payload.sid];
      if (!ids.every((id) => typeof id === 'string' && UUID.test(id)) || typeof payload.exp !== 'number')
        return null;
      return {
        userId: payload.sub!,
        organizationId: payload.org as string,
        sessionId: payload.sid as string,
        expiresAt: payload.exp * 1000,
      };
    } catch {
      return null;
    }
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
