import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileResponseSchema } from '@flare/core/schemas/profile';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { demoOrganizationId } from '../../seed/demo-data';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/profile', () => {
  it('returns every field of the spec for the signed-in user', async () => {
    const { access_token } = await t.signIn('orgadmin@prairie-fleet.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(200);
    const profile = ProfileResponseSchema.parse(response.json());
    expect(profile).toMatchObject({
      email: 'orgadmin@prairie-fleet.test',
      firstname: 'Org',
      lastname: 'Admin',
      role_id: 4,
      organization_id: demoOrganizationId('prairie-fleet'),
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
    const { access_token } = await t.signIn('user@springfield-pd.test');
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
    const email = 'user@capital-roadworks.test';
    const { access_token } = await t.signIn(email);
    const moveTo = (key: 'capital-roadworks' | 'springfield-pd') =>
      t.db
        .updateTable('users')
        .set({ organization_id: demoOrganizationId(key) })
        .where('email', '=', email)
        .execute();
    await moveTo('springfield-pd');
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: bearer(access_token),
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain(demoOrganizationId('capital-roadworks'));
    } finally {
      await moveTo('capital-roadworks');
    }
  });

  it("answers with the user's organisation from the database, never a stale claim", async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'organization_id', 'role_id'])
      .where('email', '=', 'user@springfield-pd.test')
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
    await expect(
      service.profile({ ...principal, organizationId: demoOrganizationId('capital-roadworks') }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('permission checks', () => {
  it('GET /api/roles lists roles by order with their labels, for account managers only', async () => {
    const admin = await t.signIn('admin@springfield-pd.test');
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

    const media = await t.signIn('media@springfield-pd.test');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(media.access_token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reference lists need the matching view permission', async () => {
    const media = await t.signIn('media@springfield-pd.test');
    const user = await t.signIn('user@springfield-pd.test');
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
    const media = await t.signIn('media@springfield-pd.test');
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
