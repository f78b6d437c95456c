import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationSchema, OrganizationsResponseSchema } from '@flare/core/schemas/organization';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { startMailCatcher, type MailCatcher } from '../../../test/mail-catcher';
import { organizationTypeId } from '../../seed/reference-data';

let t: TestApp;
let mail: MailCatcher;
/**
 * A fleet operator (PRAIRIE) manages a police department (SPD) and a road-works organisation
 * (CAPITAL); the department may see the road-works one. Their people, by role.
 */
let SPD: string;
let CAPITAL: string;
let PRAIRIE: string;
let PLATFORM: string;
let PRAIRIE_ADMIN: string;
let SPD_ADMIN: string;
let SPD_USER: string;
let SPD_MEDIA: string;
let CAPITAL_ORG_ADMIN: string;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://flare.example.org' });
  const given = fixtures(t);
  CAPITAL = (await given.organization({ name: 'Capital Road Works', type: 'road_works' })).id;
  SPD = (await given.organization({ name: 'Springfield Police Department', accesses: [CAPITAL] })).id;
  PRAIRIE = (
    await given.organization({ name: 'Prairie State Fleet Services', type: 'acs', manages: [SPD, CAPITAL] })
  ).id;
  PLATFORM = (await given.user(PRAIRIE, 'PLATFORM_ADMIN')).email;
  PRAIRIE_ADMIN = (await given.user(PRAIRIE, 'MANUFACTURER_ADMIN')).email;
  SPD_ADMIN = (await given.user(SPD, 'ADMIN')).email;
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  CAPITAL_ORG_ADMIN = (await given.user(CAPITAL, 'MANUFACTURER_ADMIN')).email;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const tokens = new Map<string, string>();
async function call(
  email: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  let token = tokens.get(email);
  if (!token) tokens.set(email, (token = (await t.signIn(email)).access_token));
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
const orgRow = (id: string) =>
  t.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
const messagesOf = (response: { json(): { message: string } }) => response.json().message;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const organization = (changes: Record<string, unknown> = {}) => ({
  name: 'Springfield Police Department',
  email: 'dispatch@springfield-pd.test',
  phone_number: '217-555-0100',
  contact_name: 'Chief Wiggum',
  cell_phone_number: '',
  address1: '800 E Monroe St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country_code: 'US',
  organization_type_id: organizationTypeId('police'),
  ...changes,
});

describe('GET /api/organizations', () => {
  it('lists own, managed and accessed organisations with type, address and what the caller may change', async () => {
    const spd = OrganizationsResponseSchema.parse(
      (await call(SPD_ADMIN, 'GET', '/api/organizations')).json(),
    );
    expect(spd.data.map((o) => [o.name, o.relationship, o.editable])).toEqual([
      ['Capital Road Works', 'accessed', false],
      ['Springfield Police Department', 'own', true],
    ]);
    expect(spd.data[1]).toMatchObject({
      city: 'Springfield',
      state: 'IL',
      country_code: 'US',
      responders_type: 'all',
      organization_type: { name: 'police', display_name: 'Police' },
    });
    const prairie = (await call(PRAIRIE_ADMIN, 'GET', '/api/organizations')).json();
    expect(prairie.data.map((o: { relationship: string }) => o.relationship)).toEqual([
      'managed',
      'own',
      'managed',
    ]);
  });

  it("tells an organisation's own users and platform administrators who manages and accesses it, and its billing id", async () => {
    await t.db
      .updateTable('organizations')
      .set({ billing_customer_id: 'cus_0042' })
      .where('id', 'in', [SPD, CAPITAL])
      .execute();
    const list = async (email: string) =>
      OrganizationsResponseSchema.parse((await call(email, 'GET', '/api/organizations')).json()).data;
    const spd = await list(SPD_ADMIN);
    expect(spd.find((o) => o.id === SPD)).toMatchObject({
      billing_customer_id: 'cus_0042',
      managers: [{ id: PRAIRIE }],
      accessors: [],
    });
    // Capital is only accessed: who else manages or accesses it is not Springfield's to know.
    expect(spd.find((o) => o.id === CAPITAL)).toMatchObject({
      billing_customer_id: null,
      managers: [],
      accessors: [],
    });
    expect((await list(PLATFORM)).find((o) => o.id === CAPITAL)).toMatchObject({
      billing_customer_id: 'cus_0042',
      managers: [{ id: PRAIRIE }],
      accessors: [{ id: SPD, name: 'Springfield Police Department' }],
    });
  });

  it('is refused without an organisation permission', async () => {
    for (const email of [SPD_USER, SPD_MEDIA])
      expect((await call(email, 'GET', '/api/organizations')).statusCode).toBe(403);
  });
});

describe('GET /api/organization/assignable', () => {
  it('offers ACS types to platform administrators only', async () => {
    const names = async (email: string) =>
      (await call(email, 'GET', '/api/organization/assignable'))
        .json()
        .organization_types.map((type: { name: string }) => type.name);
    expect(await names(PLATFORM)).toContain('acs');
    expect(await names(SPD_ADMIN)).not.toContain('acs');
    expect(await names(SPD_ADMIN)).toContain('police');
  });
});

describe('PUT /api/organization', () => {
  it("changes the caller's own organisation and answers it, upper-casing state, country and postal code", async () => {
    const response = await call(
      SPD_ADMIN,
      'PUT',
      '/api/organization',
      organization({ country_code: 'ca', state: 'on', postal_code: 'k1a 0b1', city: 'Ottawa' }),
    );
    expect(response.statusCode).toBe(200);
    expect(OrganizationSchema.parse(response.json())).toMatchObject({
      id: SPD,
      country_code: 'CA',
      state: 'ON',
      postal_code: 'K1A 0B1',
      contact_name: 'Chief Wiggum',
      cell_phone_number: null,
    });
    expect(await orgRow(SPD)).toMatchObject({ city: 'Ottawa', postal_code: 'K1A 0B1', address2: null });
    expect((await call(SPD_ADMIN, 'PUT', '/api/organization', organization())).statusCode).toBe(200);
  });

  it('sets the map position, keeps it when left out, clears it with null, and shows it in the profile', async () => {
    const put = (changes: Record<string, unknown>) =>
      call(SPD_ADMIN, 'PUT', '/api/organization', organization(changes));
    const set = await put({ position: { lat: 41.8781, lng: -87.6298 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().position).toEqual({ lat: 41.8781, lng: -87.6298 });
    expect((await put({})).json().position).toEqual({ lat: 41.8781, lng: -87.6298 });
    const profile = (await call(SPD_ADMIN, 'GET', '/api/profile')).json();
    expect(profile.user_org.position).toEqual({ lat: 41.8781, lng: -87.6298 });
    expect((await put({ position: null })).json().position).toBeNull();
    expect(await orgRow(SPD)).toMatchObject({ lat: null, lng: null });
    for (const position of [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: 1 }, 'x']) {
      const refused = await put({ position });
      expect(refused.statusCode, JSON.stringify(position)).toBe(400);
    }
    expect(messagesOf(await put({ position: { lat: 91, lng: 0 } }))).toContain('Latitude is -90 to 90');
    expect((await put({ position: { lat: 39.7817, lng: -89.6501 } })).statusCode).toBe(200);
  });

  it.each([
    [{ address1: '' }, 'address1', 'Required'],
    [{ city: ' ' }, 'city', 'Required'],
    [{ state: '' }, 'state', 'Required'],
    [{ country_code: '' }, 'country_code', 'Required'],
    [{ country_code: 'USA' }, 'country_code', 'Must be 2 or fewer characters'],
    [{ postal_code: '6270' }, 'postal_code', 'Invalid zip code'],
    [{ postal_code: '62701-12' }, 'postal_code', 'Invalid zip code'],
    [{ country_code: 'CA', state: 'ON', postal_code: '62701' }, 'postal_code', 'Invalid postal code'],
    [{ country_code: 'DE', state: 'BE', postal_code: '10115!' }, 'postal_code', 'Invalid postal code'],
    [{ name: '' }, 'name', 'Required'],
    [{ email: 'nope' }, 'email', 'Must be a valid email'],
  ])('refuses %o (%s: %s) and changes nothing', async (changes, field, message) => {
    const before = await orgRow(SPD);
    const response = await call(SPD_ADMIN, 'PUT', '/api/organization', organization(changes));
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toContain(`${field}: ${message}`);
    expect(await orgRow(SPD)).toEqual(before);
  });

  it('accepts a ZIP+4, a Canadian code without space in any case, and other countries codes', async () => {
    for (const changes of [
      { postal_code: '62701-1234' },
      { country_code: 'CA', state: 'QC', postal_code: 'h2x1y4' },
      { country_code: 'GB', state: 'London', postal_code: 'SW1A 1AA' },
    ])
      expect((await call(SPD_ADMIN, 'PUT', '/api/organization', organization(changes))).statusCode).toBe(200);
    expect(await orgRow(SPD)).toMatchObject({ state: 'LONDON', postal_code: 'SW1A 1AA' });
    await call(SPD_ADMIN, 'PUT', '/api/organization', organization());
  });

  it('needs the organisation update permission', async () => {
    const response = await call(SPD_USER, 'PUT', '/api/organization', organization());
    expect(response.statusCode).toBe(403);
  });

  it('refuses a type the caller may not assign, but keeps the type an organisation has', async () => {
    const acs = organization({ organization_type_id: organizationTypeId('acs') });
    const refused = await call(SPD_ADMIN, 'PUT', '/api/organization', acs);
    expect(refused.statusCode).toBe(422);
    expect(messagesOf(refused)).toBe('You cannot assign this organization type.');
    expect((await orgRow(SPD))?.organization_type_id).toBe(organizationTypeId('police'));
    const own = organization({
      name: 'Prairie State Fleet Services',
      organization_type_id: organizationTypeId('acs'),
    });
    expect((await call(PRAIRIE_ADMIN, 'PUT', '/api/organization', own)).statusCode).toBe(200);
  });

  it('changes the time zone, and the responders type for Org Admins and platform administrators only', async () => {
    const unknownZone = await call(
      SPD_ADMIN,
      'PUT',
      '/api/organization',
      organization({ timezone: 'Mars/Olympus' }),
    );
    expect(unknownZone.statusCode).toBe(400);
    const zone = await call(
      SPD_ADMIN,
      'PUT',
      '/api/organization',
      organization({ timezone: 'America/Chicago', responders_type: 'all' }),
    );
    expect(zone.statusCode).toBe(200);
    expect(await orgRow(SPD)).toMatchObject({ timezone: 'America/Chicago', responders_type: 'all' });

    const refused = await call(
      SPD_ADMIN,
      'PUT',
      '/api/organization',
      organization({ responders_type: 'some' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(messagesOf(refused)).toBe('You cannot change the responders type.');
    expect((await orgRow(SPD))?.responders_type).toBe('all');

    const managed = organization({ responders_type: 'some' });
    const changed = await call(PRAIRIE_ADMIN, 'PUT', `/api/organization/${SPD}`, managed);
    expect(OrganizationSchema.parse(changed.json()).responders_type).toBe('some');
    const back = await call(PLATFORM, 'PUT', `/api/organization/${SPD}`, {
      ...managed,
      responders_type: 'all',
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('PUT /api/organization/{id}', () => {
  it('changes an organisation the caller manages', async () => {
    const response = await call(
      PRAIRIE_ADMIN,
      'PUT',
      `/api/organization/${SPD}`,
      organization({ address2: 'Suite 2' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: SPD, relationship: 'managed', address2: 'Suite 2' });
    await call(PRAIRIE_ADMIN, 'PUT', `/api/organization/${SPD}`, organization());
  });

  it('answers 422 "Organization not found." for one the caller only accesses, does not see, or that does not exist', async () => {
    const before = await orgRow(CAPITAL);
    for (const [email, id] of [
      [SPD_ADMIN, CAPITAL],
      [CAPITAL_ORG_ADMIN, SPD],
      [SPD_ADMIN, UNKNOWN],
      [PLATFORM, UNKNOWN],
    ] as const) {
      const response = await call(email, 'PUT', `/api/organization/${id}`, organization({ name: 'Taken' }));
      expect(response.statusCode, `${email} ${id}`).toBe(422);
      expect(messagesOf(response)).toBe('Organization not found.');
    }
    expect(await orgRow(CAPITAL)).toEqual(before);
    expect((await orgRow(SPD))?.name).toBe('Springfield Police Department');
  });

  it('lets platform administrators change any organisation', async () => {
    const capital = organization({
      name: 'Capital Road Works',
      organization_type_id: organizationTypeId('road_works'),
    });
    expect((await call(PLATFORM, 'PUT', `/api/organization/${CAPITAL}`, capital)).statusCode).toBe(200);
  });
});

describe('POST /api/organization', () => {
  const created = (email: string) =>
    organization({
      name: 'Lakeside Towing',
      city: 'Toronto',
      state: 'ON',
      country_code: 'CA',
      postal_code: 'M5V 2T6',
      organization_type_id: organizationTypeId('tow'),
      admin: { firstname: 'Lena', lastname: 'Lake', email },
    });

  it('creates the organisation with its first Org Admin, who is e-mailed an invitation', async () => {
    const email = 'lena@lakeside-towing.test';
    const response = await call(PLATFORM, 'POST', '/api/organization', created(email));
    expect(response.statusCode).toBe(201);
    const org = OrganizationSchema.parse(response.json());
    expect(org).toMatchObject({
      name: 'Lakeside Towing',
      relationship: 'other',
      timezone: 'UTC',
      editable: true,
    });
    const admin = await t.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.organization_id', 'roles.name as role'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ organization_id: org.id, role: 'MANUFACTURER_ADMIN' });
    expect((await mail.next(email)).subject).toBe('You have been invited to Lakeside Towing on Flare');
    const list = (await call(PLATFORM, 'GET', '/api/organizations')).json();
    expect(list.data.map((o: { name: string }) => o.name)).toContain('Lakeside Towing');
  });

  it('makes a responder organisation (fire, police, ambulance, emergency response) all responders unless told', async () => {
    const create = async (name: string, type: string, email: string, chosen?: string) => {
      const response = await call(PLATFORM, 'POST', '/api/organization', {
        ...created(email),
        name,
        organization_type_id: organizationTypeId(type),
        ...(chosen ? { responders_type: chosen } : {}),
      });
      expect(response.statusCode).toBe(201);
      return OrganizationSchema.parse(response.json()).responders_type;
    };
    expect(await create('Lakeside Fire', 'fire', 'chief@lakeside-fire.test')).toBe('all');
    expect(await create('Lakeside EMS', 'ambulance', 'lead@lakeside-ems.test')).toBe('all');
    expect(await create('Lakeside Recovery', 'tow', 'desk@lakeside-recovery.test')).toBe('none');
    expect(await create('Lakeside Rescue', 'emergency_response', 'duty@lakeside-rescue.test', 'some')).toBe(
      'some',
    );
  });

  it('creates nothing when the Org Admin e-mail is taken', async () => {
    const response = await call(PLATFORM, 'POST', '/api/organization', {
      ...created(SPD_ADMIN),
      name: 'Duplicate Towing',
    });
    expect(response.statusCode).toBe(422);
    expect(messagesOf(response)).toBe('Email is already in use. Please try another one.');
    expect(
      await t.db.selectFrom('organizations').select('id').where('name', '=', 'Duplicate Towing').execute(),
    ).toEqual([]);
  });

  it('is for platform administrators only, and checks its input', async () => {
    expect((await call(PRAIRIE_ADMIN, 'POST', '/api/organization', created('x@x.test'))).statusCode).toBe(
      403,
    );
    const noAdmin = await call(PLATFORM, 'POST', '/api/organization', organization());
    expect(noAdmin.statusCode).toBe(400);
    const badZone = await call(PLATFORM, 'POST', '/api/organization', {
      ...created('y@y.test'),
      timezone: 'Mars/Base',
    });
    expect(messagesOf(badZone)).toContain('Unknown time zone');
  });
});

describe('DELETE /api/organization/{uuid}', () => {
  it('is for platform administrators only and never deletes their own organisation', async () => {
    expect((await call(PRAIRIE_ADMIN, 'DELETE', `/api/organization/${CAPITAL}`)).statusCode).toBe(403);
    const own = await call(PLATFORM, 'DELETE', `/api/organization/${PRAIRIE}`);
    expect(own.statusCode).toBe(403);
    expect(messagesOf(own)).toBe('You cannot delete your own organization.');
    const unknown = await call(PLATFORM, 'DELETE', `/api/organization/${UNKNOWN}`);
    expect([unknown.statusCode, messagesOf(unknown)]).toEqual([422, 'Organization not found.']);
  });

  it('refuses while users or assets remain, then deletes the empty organisation, and its API keys stop working', async () => {
    const email = 'gone@empty-org.test';
    const response = await call(PLATFORM, 'POST', '/api/organization', {
      ...organization({ name: 'Empty Org', organization_type_id: organizationTypeId('general') }),
      admin: { firstname: 'Gone', lastname: 'Soon', email },
    });
    const id = response.json().id as string;
    const refused = await call(PLATFORM, 'DELETE', `/api/organization/${id}`);
    expect([refused.statusCode, messagesOf(refused)]).toEqual([
      409,
      'This organization still has users or assets. Move or delete them first.',
    ]);
    expect((await call(PLATFORM, 'DELETE', `/api/organization/${CAPITAL}`)).statusCode).toBe(409);
    await t.db.deleteFrom('users').where('email', '=', email).execute();
    // A key of the organisation, used once (so this process has it in memory).
    const token = 'flk_key-of-an-organisation-about-to-go';
    await t.db
      .insertInto('api_keys')
      .values({
        organization_id: id,
        description: 'Integration',
        scopes: JSON.stringify(['assets:read']),
        token_hash: createHash('sha256').update(token).digest('hex'),
        token_prefix: token.slice(0, 10),
        created_by: null,
      })
      .execute();
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/organization/things_count', headers: { 'x-api-key': token } });
    expect((await read()).statusCode).toBe(200);
    const deleted = await call(PLATFORM, 'DELETE', `/api/organization/${id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { uuid: id }]);
    expect(await orgRow(id)).toBeUndefined();
    expect((await read()).statusCode).toBe(401);
  });
});
