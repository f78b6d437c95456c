import { describe, expect, it } from 'vitest';
import { tokenClaims, tokensFromQuery } from './session';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object, padding = 0) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ ...claims, pad: 'x'.repeat(padding) })}.signature`;

describe('access token claims', () => {
  it('reads the organisation and expiry the profile check and auto sign-in need', () => {
    expect(tokenClaims(jwt({ org: 'org-1', exp: 1_800_000_000 }))).toEqual({
      org: 'org-1',
      exp: 1_800_000_000,
    });
    expect(tokenClaims('not-a-token')).toEqual({ org: null, exp: null });
  });
});

describe('sign-in with tokens in the URL', () => {
  const exp = Math.floor(Date.now() / 1000) + 600;

  it('needs an access token longer than 400 characters and a refresh token', () => {
    const long = jwt({ org: 'o', exp }, 400);
    const short = jwt({ org: 'o', exp });
    expect(tokensFromQuery(new URLSearchParams({ access_token: long, refresh_token: 'r' }))).toMatchObject({
      access_token: long,
      refresh_token: 'r',
    });
    expect(tokensFromQuery(new URLSearchParams({ access_token: short, refresh_token: 'r' }))).toBeNull();
    expect(tokensFromQuery(new URLSearchParams({ access_token: long }))).toBeNull();
  });

  it('takes the lifetime from the token', () => {
    const tokens = tokensFromQuery(
      new URLSearchParams({ access_token: jwt({ org: 'o', exp }, 400), refresh_token: 'r' }),
    );
    expect(tokens!.expires_in).toBeGreaterThan(590);
    expect(tokens!.expires_in).toBeLessThanOrEqual(600);
  });
});
