import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponseSchema } from '@flare/core/schemas/profile';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

let t: TestApp;
/**
 * A fleet operator (large, some responders) managing a police department (SPD, responders all) and a
 * road-works organisation (CRW); SPD may see CRW. Their people, by role.
 */
let PRAIRIE: string;
let SPD: string;
let CRW: string;
let PRAIRIE_ORG_ADMIN: string;
let SPD_ADMIN: string;
let SPD_USER: string;
let SPD_MEDIA: string;
let CRW_USER: string;
beforeAll(async () => {
  t = await createTestApp();
  const given = fixtures(t);
  CRW = (await given.organization({ name: 'Capital Road Works', type: 'road_works' })).id;
  SPD = (
    await given.organization({ name: 'Springfield Police Department', responders: 'all', accesses: [CRW] })
  ).id;
  PRAIRIE = (
    await given.organization({
      name: 'Prairie State Fleet Services',
      type: 'acs',
      large: true,
      responders: 'some',
      manages: [SPD, CRW],
    })
  ).id;
  PRAIRIE_ORG_ADMIN = (await given.user(PRAIRIE, 'MANUFACTURER_ADMIN')).email;
  SPD_ADMIN = (await given.user(SPD, 'ADMIN')).email;
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  CRW_USER = (await given.user(CRW, 'USER')).email;
});
afterAll(() => t.close());

describe('GET /api/profile', () => {
  it('returns every field of the spec for the signed-in user', async () => {
    const { access_token } = await t.signIn(PRAIRIE_ORG_ADMIN);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(200);
    const profile = ProfileResponseSchema.parse(response.json());
    expect(profile).toMatchObject({
      email: PRAIRIE_ORG_ADMIN,
      // A fixture user's names: Test, and the role's.
      firstname: 'Test',
      lastname: 'MANUFACTURER_ADMIN',
      role_id: 4,
      organization_id: PRAIRIE,
      acs: true,
      organization_type: 'acs',
      has_api_keys: false,
    });
    expect(profile.permissions).toContain('user:admin:manage');
    expect(profile.user_org).toMatchObject({
      name: 'Prairie State Fleet Services',
      is_large_org: true,
      responders_type: 'some',
    });
    expect(profile.managed_orgs.map((o) => o.name)).toEqual([
      'Capital Road Works',
      'Springfield Police Department',
    ]);
    expect(profile.accessed_orgs).toEqual([]);
  });

  it('lists the organisations a user accesses', async () => {
    const { access_token } = await t.signIn(SPD_USER);
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(access_token) })
    ).json();
    expect(profile.user_org.responders_type).toBe('all');
    expect(profile.accessed_orgs.map((o: { name: string }) => o.name)).toEqual(['Capital Road Works']);
    expect(profile.managed_orgs).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Access token is expired or does not exist.');
  });

  it('refuses a token issued for an organisation the user has since left', async () => {
    const email = CRW_USER;
    const { access_token } = await t.signIn(email);
    const moveTo = (organizationId: string) =>
      t.db.updateTable('users').set({ organization_id: organizationId }).where('email', '=', email).execute();
    await moveTo(SPD);
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: bearer(access_token),
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain(CRW);
    } finally {
      await moveTo(CRW);
    }
  });

  it("answers with the user's organisation from the database, never a stale claim", async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'organization_id', 'role_id'])
      .where('email', '=', SPD_USER)
      .executeTakeFirstOrThrow();
    const service = new AccountsService(new AccountsRepository(t.db));
    const principal = {
      userId: user.id,
      organizationId: user.organization_id,
      sessionId: 'session',
      roleId: user.role_id,
      permissions: ['thing:read'],
    };
    expect((await service.profile(principal)).organization_id).toBe(user.organization_id);
    await expect(service.profile({ ...principal, organizationId: CRW })).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('permission checks', () => {
  it('GET /api/roles lists roles by order with their labels, for account managers only', async () => {
    const admin = await t.signIn(SPD_ADMIN);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(admin.access_token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((r: { label: string }) => r.label)).toEqual([
      'Media',
      'User',
      'Admin',
      'Org Admin',
      'Platform Admin',
    ]);

    const media = await t.signIn(SPD_MEDIA);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(media.access_token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reference lists need the matching view permission', async () => {
    const media = await t.signIn(SPD_MEDIA);
    const user = await t.signIn(SPD_USER);
    for (const url of ['/api/thing_types', '/api/thing_subtypes', '/api/ez_types']) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: bearer(media.access_token) })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: bearer(user.access_token) })).statusCode,
      ).toBe(200);
    }
    const types = (
      await t.app.inject({ method: 'GET', url: '/api/thing_types', headers: bearer(user.access_token) })
    ).json();
    expect(
      types
        .filter((x: { emergency: boolean }) => x.emergency)
        .map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['ems', 'fire', 'police']);
  });

  it('a percent-encoded path to a protected route is checked like the plain one', async () => {
    for (const url of ['/%61pi/roles', '/%61%70%69/roles', '/%61pi/thing_types', '/%61pi/things']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('USER_EVENTS_ONLY');
      expect(response.body, url).not.toContain('"data"');
    }
    const media = await t.signIn(SPD_MEDIA);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/%61pi/roles',
      headers: bearer(media.access_token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('every non-public API route refuses an anonymous caller', async () => {
    const publicRoutes = new Set([
      '/api/version',
      '/api/health',
      '/api/user_token',
      '/api/revoke_token',
      '/api/verify_token',
      '/api/forgot_password',
      '/api/unlock_account',
      '/api/reset_password',
      // Single sign-on: the button's settings and both ends of the browser's trip to the provider.
      '/api/sso/config',
      '/api/sso/start',
      '/api/sso/callback',
      '/api/ingest/osmand',
      // Devices report hazards with their credential in the body, as they report positions.
      '/api/ingest/hazards',
      // A Traccar server forwarding for one device: its credential in the URL or Traccar's uniqueId.
      '/api/ingest/traccar',
      // The feeds for navigation apps (incidents, work zones): their secret is in the URL.
      '/api/feeds/00000000-0000-4000-8000-000000000000/waze.json',
      '/api/feeds/00000000-0000-4000-8000-000000000000/waze.xml',
      '/api/feeds/00000000-0000-4000-8000-000000000000/wzdx.json',
      '/api/feeds/00000000-0000-4000-8000-000000000000/wzdx-devices.json',
      // Stored files (exports, monthly reports): their short-lived signed link is the key (opened in
      // a new tab or by a download, which carry no bearer token).
      '/api/files/00000000-0000-4000-8000-000000000000',
    ]);
    // Every documented route: the OpenAPI description lists them all, parameters filled with a uuid.
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes: Array<{ method: string; url: string }> = [];
    for (const [path, operations] of Object.entries(spec.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) {
        routes.push({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        });
      }
    }
    const guarded = routes.filter(
      (r) => !publicRoutes.has(r.url) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    for (const route of guarded) {
      const response = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
