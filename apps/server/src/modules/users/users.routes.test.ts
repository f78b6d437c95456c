import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationUsersResponseSchema } from '@flare/core/schemas/user';
import { bearer, createTestApp, listening, type TestApp } from '../../../test/test-app';
import {
  connected,
  disconnectAll,
  framesOf,
  openConsumer,
  waitFor,
  watch,
} from '../../../test/cable-consumer';
import { linkPath, startMailCatcher, type MailCatcher } from '../../../test/mail-catcher';
import { fixtures } from '../../../test/fixtures';

afterEach(disconnectAll);

let t: TestApp;
let mail: MailCatcher;
let cableUrl: string;
/**
 * A police department (SPD) managed by a fleet operator and seeing a road-works organisation (CRW);
 * the people of both, by role.
 */
let SPD: string;
let ORG_ADMIN: string;
let ADMIN: string;
let SPD_USER: string;
let SPD_MEDIA: string;
let CRW_ORG_ADMIN: string;
let CRW_ADMIN: string;
let CRW_MEDIA: string;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://flare.example.org' });
  cableUrl = `${(await listening(t)).replace('http', 'ws')}/cable`;
  const given = fixtures(t);
  const capital = await given.organization({ name: 'Capital Road Works', type: 'road_works' });
  SPD = (await given.organization({ name: 'Springfield Police Department', accesses: [capital.id] })).id;
  const prairie = await given.organization({
    name: 'Prairie State Fleet Services',
    type: 'acs',
    manages: [SPD],
  });
  await given.user(prairie.id, 'MANUFACTURER_ADMIN');
  ORG_ADMIN = (await given.user(SPD, 'MANUFACTURER_ADMIN')).email;
  ADMIN = (await given.user(SPD, 'ADMIN')).email;
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  CRW_ORG_ADMIN = (await given.user(capital.id, 'MANUFACTURER_ADMIN')).email;
  CRW_ADMIN = (await given.user(capital.id, 'ADMIN')).email;
  CRW_MEDIA = (await given.user(capital.id, 'USER_EVENTS_ONLY')).email;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) tokens.set(email, (token = (await t.signIn(email)).access_token));
  return token;
}
async function call(
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await tokenOf(email)),
    ...(payload ? { payload } : {}),
  });
}
const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const userRow = (email: string) =>
  t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const newUser = (email: string, role_id = 2) => ({ firstname: 'New', lastname: 'Officer', email, role_id });

describe('GET /api/organization/users', () => {
  it("lists the organisation's users with sign-in figures, and those of managing and accessing organisations", async () => {
    await tokenOf(SPD_USER);
    const response = await call(ADMIN, 'GET', '/api/organization/users');
    expect(response.statusCode).toBe(200);
    const body = OrganizationUsersResponseSchema.parse(response.json());
    expect(body.organization_users.map((u) => u.email)).toEqual(
      expect.arrayContaining([ADMIN, ORG_ADMIN, SPD_USER, SPD_MEDIA]),
    );
    expect(new Set(body.organization_users.map((u) => u.organization_id))).toEqual(new Set([SPD]));
    const signedIn = body.organization_users.find((u) => u.email === SPD_USER)!;
    expect(signedIn.sign_in_count).toBeGreaterThanOrEqual(1);
    expect(signedIn.last_sign_in_at).not.toBeNull();
    // Prairie State Fleet Services manages Springfield; Springfield accesses Capital Road Works.
    expect(body.organization_managers.map((u) => u.organization_name)).toContain(
      'Prairie State Fleet Services',
    );
    expect(body.organization_accessors).toEqual([]);
    const capital = OrganizationUsersResponseSchema.parse(
      (await call(CRW_ADMIN, 'GET', '/api/organization/users')).json(),
    );
    expect(capital.organization_accessors.map((u) => u.organization_name)).toContain(
      'Springfield Police Department',
    );
  });
});

describe('POST /api/users/', () => {
  it('creates the user and mails an invitation whose link sets a first password under the policy', async () => {
    const email = 'invited.officer@springfield-pd.test';
    const response = await call(ADMIN, 'POST', '/api/users/', newUser(email));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email,
      firstname: 'New',
      lastname: 'Officer',
      role_id: 2,
      sign_in_count: 0,
      last_sign_in_at: null,
      suspended_at: null,
      organization_id: SPD,
    });
    const invitation = await mail.next(email);
    expect(invitation.subject).toBe('You have been invited to Springfield Police Department on Flare');
    const inviter = await userRow(ADMIN);
    // Who invited them, to what, and for how long the link works, in words.
    expect(invitation.text).toContain(
      `${inviter!.first_name} ${inviter!.last_name} has invited you to Springfield Police Department on Flare`,
    );
    expect(invitation.text).toContain('The link works once and expires in 7 days.');
    const link = linkPath(invitation);
    expect(link).toMatch(new RegExp(`^/welcome/reset/${encodeURIComponent(email)}/[\\w-]{40,}$`));
    const token = decodeURIComponent(link.split('/').at(-1)!);
    const reset = (password: string) =>
      t.app.inject({ method: 'PUT', url: '/api/reset_password', payload: { token, password } });
    expect((await reset('weak')).json().message).toBe('Password does not fulfill password requirements.');
    expect((await reset('First!pass1')).statusCode).toBe(200);
    expect((await t.signIn(email, 'First!pass1')).access_token).toBeTruthy();
  });

  it('the invitation link expires', async () => {
    const email = 'late.officer@springfield-pd.test';
    expect((await call(ADMIN, 'POST', '/api/users', newUser(email))).statusCode).toBe(201);
    const token = decodeURIComponent(
      linkPath(await mail.next(email))
        .split('/')
        .at(-1)!,
    );
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', await userId(email))
      .execute();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/reset_password',
      payload: { token, password: 'First!pass1' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Reset token is expired or does not exist.');
  });

  it('refuses an e-mail already in use, in any case, and changes nothing', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const response = await call(ADMIN, 'POST', '/api/users/', newUser(SPD_USER.toUpperCase()));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Email is already in use. Please try another one.');
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses missing fields and a bad e-mail with the form rules', async () => {
    const missing = await call(ADMIN, 'POST', '/api/users/', {
      firstname: ' ',
      lastname: 'X',
      email: 'x@y.test',
      role_id: 2,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Required');
    const bad = await call(ADMIN, 'POST', '/api/users/', newUser('not-an-email'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Must be a valid email');
    expect(await userRow('not-an-email')).toBeUndefined();
  });

  it("assigns only roles up to the caller's own", async () => {
    const refused = await call(
      ADMIN,
      'POST',
      '/api/users/',
      newUser('would.be.orgadmin@springfield-pd.test', 4),
    );
    expect(refused.statusCode).toBe(422);
    expect(await userRow('would.be.orgadmin@springfield-pd.test')).toBeUndefined();
    const unknown = await call(ORG_ADMIN, 'POST', '/api/users/', newUser('ghost@springfield-pd.test', 99));
    expect(unknown.statusCode).toBe(422);
    const ok = await call(
      ORG_ADMIN,
      'POST',
      '/api/users/',
      newUser('second.orgadmin@springfield-pd.test', 4),
    );
    expect(ok.statusCode).toBe(201);
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes names, e-mail and role of a user of the organisation', async () => {
    const email = 'rename.me@springfield-pd.test';
    const created = (await call(ADMIN, 'POST', '/api/users/', newUser(email))).json();
    const response = await call(ADMIN, 'PUT', `/api/users/${created.id}`, {
      id: created.id,
      firstname: 'Renamed',
      lastname: 'Person',
      email: 'renamed@springfield-pd.test',
      role_id: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Renamed',
      email: 'renamed@springfield-pd.test',
      role_id: 3,
    });
    const taken = await call(ADMIN, 'PUT', `/api/users/${created.id}`, {
      firstname: 'Renamed',
      lastname: 'Person',
      email: ORG_ADMIN,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message).toBe('Email is already in use. Please try another one.');
  });

  it('answers "The selected user could not be found" for an unknown user', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/00000000-0000-4000-8000-000000000000', {
      firstname: 'A',
      lastname: 'B',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The selected user could not be found');
  });

  it('lets a user with user update change their own names but not their own role', async () => {
    const me = await userId(ADMIN);
    const ok = await call(ADMIN, 'PUT', `/api/users/${me}`, { firstname: 'Ada', lastname: 'Admin' });
    expect(ok.statusCode).toBe(200);
    const promote = await call(ADMIN, 'PUT', `/api/users/${me}`, {
      firstname: 'Ada',
      lastname: 'Admin',
      role_id: 4,
    });
    expect(promote.statusCode).toBe(403);
    expect((await userRow(ADMIN))?.role_id).toBe(3);
    // Without user update, not even oneself.
    const user = await userId(SPD_USER);
    const refused = await call(SPD_USER, 'PUT', `/api/users/${user}`, {
      firstname: 'U',
      lastname: 'V',
    });
    expect(refused.statusCode).toBe(403);
    expect((await userRow(SPD_USER))?.first_name).not.toBe('U');
  });

  it('a user changes their own phone and address; GET /profile answers them', async () => {
    const me = await userId(ADMIN);
    const response = await call(ADMIN, 'PUT', `/api/users/${me}`, {
      firstname: 'Ada',
      lastname: 'Admin',
      phone: '+1 (555) 010-2000',
      address1: '1 Queen St',
      address2: '',
      city: 'Toronto',
      state: 'on',
      postal_code: 'm5h 2n2',
      country_code: 'ca',
    });
    expect(response.statusCode).toBe(200);
    const profile = (await call(ADMIN, 'GET', '/api/profile')).json();
    expect(profile).toMatchObject({
      phone: '+1 (555) 010-2000',
      address1: '1 Queen St',
      address2: null,
      city: 'Toronto',
      state: 'ON',
      postal_code: 'M5H 2N2',
      country_code: 'CA',
    });
    // Names alone (the users screen's edit) leave the phone and address as they are.
    await call(ADMIN, 'PUT', `/api/users/${me}`, { firstname: 'Ada', lastname: 'Admin' });
    expect(await userRow(ADMIN)).toMatchObject({ phone: '+1 (555) 010-2000', city: 'Toronto' });
    // The spec's spelling, `phonenumber`, sets it too (and wins over `phone`).
    const spelled = await call(ADMIN, 'PUT', `/api/users/${me}`, {
      firstname: 'Ada',
      lastname: 'Admin',
      phone: '+1 555 0000',
      phonenumber: '+1 (555) 010-3000',
    });
    expect(spelled.statusCode).toBe(200);
    expect(await userRow(ADMIN)).toMatchObject({ phone: '+1 (555) 010-3000' });
    // An emptied address and phone are cleared.
    const cleared = await call(ADMIN, 'PUT', `/api/users/${me}`, {
      firstname: 'Ada',
      lastname: 'Admin',
      phone: '',
      ...Object.fromEntries(
        ['address1', 'address2', 'city', 'state', 'postal_code', 'country_code'].map((k) => [k, '']),
      ),
    });
    expect(cleared.statusCode).toBe(200);
    expect(await userRow(ADMIN)).toMatchObject({ phone: null, city: null, state: null, country_code: null });
  });

  it('refuses an address that breaks the country rules, and a bad phone, changing nothing', async () => {
    const me = await userId(ADMIN);
    const before = await userRow(ADMIN);
    for (const [payload, field, message] of [
      [
        { city: 'Boston', state: 'MA', country_code: 'US', postal_code: 'M5H 2N2' },
        'postal_code',
        'Invalid zip code',
      ],
      [{ city: 'Toronto', country_code: 'CA', state: '' }, 'state', 'Required'],
      [{ city: 'Toronto' }, 'country_code', 'Required'],
      [{ phone: 'call me' }, 'phone', 'Invalid phone number'],
    ] as const) {
      const response = await call(ADMIN, 'PUT', `/api/users/${me}`, {
        firstname: 'Changed',
        lastname: 'Admin',
        ...payload,
      });
      expect(response.statusCode, field).toBe(400);
      expect(JSON.stringify(response.json()), field).toContain(message);
    }
    expect(await userRow(ADMIN)).toEqual(before);
  });

  it('an admin cannot change a user whose role is above theirs', async () => {
    const response = await call(ADMIN, 'PUT', `/api/users/${await userId(ORG_ADMIN)}`, {
      firstname: 'Taken',
      lastname: 'Over',
    });
    expect(response.statusCode).toBe(403);
    expect((await userRow(ORG_ADMIN))?.first_name).not.toBe('Taken');
  });

  it('suspending ends the sessions at once, the live feed included; re-activating lets the user sign in again', async () => {
    const email = SPD_USER;
    tokens.delete(email);
    const session = await t.signIn(email);
    const feed = await connected(openConsumer(cableUrl, session.access_token), SPD);
    const id = await userId(email);
    const suspend = await call(ORG_ADMIN, 'PUT', `/api/users/${id}`, {
      firstname: 'User',
      lastname: 'Springfield',
      suspended: true,
    });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().suspended_at).not.toBeNull();
    // The live feed's own check runs once a minute; the socket closes well before.
    await waitFor(() => feed.state() === 'disconnected', 'the live feed to close', 5_000);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(session.access_token),
    });
    expect(profile.statusCode).toBe(401);
    // The call says why, so the dashboard can tell the user instead of "Session Expired".
    expect(profile.json()).toMatchObject({ error: 'user_suspended', message: 'User is suspended.' });
    // A new live-feed connection is refused as unauthorized (not failed, which the client would retry).
    const again = openConsumer(cableUrl, session.access_token);
    const refused = watch(again, SPD);
    await waitFor(() => refused.state() === 'disconnected', 'the new live feed to be refused');
    expect(framesOf(again)).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
    });
    expect(refresh.json().message).toBe('Access token is expired or does not exist.');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'password', application: 'dashboard', username: email, password: 'Test!pass9' },
    });
    expect(signIn.json()).toMatchObject({ error: 'user_suspended', message: 'User is suspended.' });

    const reactivate = await call(ORG_ADMIN, 'PUT', `/api/users/${id}`, {
      firstname: 'User',
      lastname: 'Springfield',
      suspended: false,
    });
    expect(reactivate.json().suspended_at).toBeNull();
    expect((await t.signIn(email)).access_token).toBeTruthy();
  });

  it('nobody suspends themself', async () => {
    const me = await userId(ORG_ADMIN);
    const response = await call(ORG_ADMIN, 'PUT', `/api/users/${me}`, {
      firstname: 'Org',
      lastname: 'Admin',
      suspended: true,
    });
    expect(response.statusCode).toBe(403);
    expect((await userRow(ORG_ADMIN))?.suspended_at).toBeNull();
  });
});

describe('DELETE /api/users/{uuid}', () => {
  it('deletes the user, ending their sessions, and answers the uuid', async () => {
    const email = 'leaving@springfield-pd.test';
    const created = (await call(ADMIN, 'POST', '/api/users/', newUser(email))).json();
    const response = await call(ADMIN, 'DELETE', `/api/users/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uuid: created.id });
    expect(await userRow(email)).toBeUndefined();
    const again = await call(ADMIN, 'DELETE', `/api/users/${created.id}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('User not found.');
  });

  it('nobody deletes themself', async () => {
    const response = await call(ADMIN, 'DELETE', `/api/users/${await userId(ADMIN)}`);
    expect(response.statusCode).toBe(403);
    expect(await userRow(ADMIN)).toBeDefined();
  });
});

describe('tenant isolation', () => {
  it('users of an unrelated organisation, and of every role without user permissions, get no data and no effect', async () => {
    const target = await userId(SPD_MEDIA);
    const outsiders = [CRW_ORG_ADMIN, CRW_ADMIN];
    const withoutUserPermissions = [SPD_MEDIA, SPD_USER, CRW_MEDIA];
    for (const email of [...outsiders, ...withoutUserPermissions]) await tokenOf(email);
    const before = await userRow(SPD_MEDIA);
    const routes = [
      {
        method: 'PUT' as const,
        url: `/api/users/${target}`,
        payload: { firstname: 'X', lastname: 'Y', role_id: 1, suspended: true },
      },
      { method: 'DELETE' as const, url: `/api/users/${target}` },
    ];
    // Capital Road Works neither manages Springfield nor is it Springfield; its Org Admin may manage users.
    for (const email of outsiders) {
      for (const route of routes) {
        const response = await call(email, route.method, route.url, route.payload);
        expect(response.statusCode, `${email} ${route.method}`).toBe(422);
      }
      const list = OrganizationUsersResponseSchema.parse(
        (await call(email, 'GET', '/api/organization/users')).json(),
      );
      expect(list.organization_users.map((u) => u.id)).not.toContain(target);
    }
    // Media and User hold no user permission: refused before anything is read.
    for (const email of withoutUserPermissions) {
      expect((await call(email, 'GET', '/api/organization/users')).statusCode, email).toBe(403);
      expect((await call(email, 'POST', '/api/users/', newUser(`intruder.${email}`))).statusCode, email).toBe(
        403,
      );
      for (const route of routes) {
        expect((await call(email, route.method, route.url, route.payload)).statusCode, email).toBe(403);
      }
      expect(await userRow(`intruder.${email}`)).toBeUndefined();
    }
    expect(await userRow(SPD_MEDIA)).toEqual(before);
  });
});
