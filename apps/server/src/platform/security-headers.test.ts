/** Security headers on pages and API answers, CORS closed unless configured, HSTS only over https, docs switchable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contentSecurityPolicy, mapOrigins } from './security-headers';

describe('with the default configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the security headers on API answers, errors included', async () => {
    for (const url of ['/api/version', '/api/organization/things', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives the docs page its own policy, never framed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers no cross-origin browser call', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/version',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('configured for https, other origins and no docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://flare.example.org',
      CORS_ORIGINS: 'https://cad.example.org, https://wall.example.org/',
      API_DOCS: 'false',
    });
  });
  afterAll(() => t.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('lets the listed origins call the API, and only them', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/version',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://wall.example.org')).headers['access-control-allow-origin']).toBe(
      'https://wall.example.org',
    );
    expect(
      (await preflight('https://evil.example.org')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('serves no API docs when turned off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
  });
});

describe('the map hosts the policy allows', () => {
  it('are the basemap style and satellite tile hosts, never a local path or the offline style', () => {
    expect(
      mapOrigins({
        mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
        mapSatelliteTiles: 'https://imagery.example/{z}/{x}/{y}.jpg',
      }),
    ).toEqual(['https://tiles.openfreemap.org', 'https://imagery.example']);
    expect(mapOrigins({ mapStyleUrl: 'offline', mapSatelliteTiles: undefined })).toEqual([]);
    expect(mapOrigins({ mapStyleUrl: '/styles/local.json', mapSatelliteTiles: undefined })).toEqual([]);
    const policy = contentSecurityPolicy({
      mapStyleUrl: 'https://tiles.example',
      mapSatelliteTiles: undefined,
      publicUrl: undefined,
    });
    expect(policy.directives.connectSrc).toEqual(["'self'", 'https://tiles.example']);
    expect(policy.directives.workerSrc).toContain('blob:');
  });
});
