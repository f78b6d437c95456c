/** Only tokens this server makes are accepted: signed with its key, expiring, with uuid ids. */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens';

const SECRET = 'a-test-signing-secret-of-32-characters!';
const signer = new TokenSigner(SECRET, 900);
const ids = { userId: randomUUID(), organizationId: randomUUID(), sessionId: randomUUID() };

/** A token signed with the server's own key, with the claims given. */
function forged(claims: Record<string, unknown>, { expires = true } = {}) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('flare')
    .setAudience('flare-dashboard')
    .setJti(randomUUID())
    .setIssuedAt();
  if (expires) jwt.setExpirationTime('15m');
  return jwt.sign(new TextEncoder().encode(SECRET));
}

describe('access tokens', () => {
  it('accepts its own tokens', async () => {
    expect(await signer.verify(await signer.sign(ids))).toMatchObject(ids);
  });

  it('keeps tokens of a previous secret valid after the key is rotated, and no others', async () => {
    const before = await signer.sign(ids);
    const rotated = new TokenSigner('a-new-signing-secret-of-32-characters!!', 900, [SECRET]);
    expect(await rotated.verify(before)).toMatchObject(ids);
    expect(await rotated.verify(await rotated.sign(ids))).toMatchObject(ids);
    expect(await new TokenSigner('a-new-signing-secret-of-32-characters!!', 900).verify(before)).toBeNull();
  });

  it('refuses a validly signed token without an expiry', async () => {
    const token = await forged(
      { sub: ids.userId, org: ids.organizationId, sid: ids.sessionId },
      { expires: false },
    );
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses ids that are not uuids, which the database could not compare', async () => {
    for (const bad of [{ sid: 'not-a-uuid' }, { org: 42 }, { sub: 'x'.repeat(500) }]) {
      const token = await forged({ sub: ids.userId, org: ids.organizationId, sid: ids.sessionId, ...bad });
      expect(await signer.verify(token), JSON.stringify(bad)).toBeNull();
    }
  });
});
