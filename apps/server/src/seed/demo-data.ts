/**
 * Demo organisations and users for a first look: a police department (labels say "Incidents"),
 * a road-works organisation ("Events", WZDx) and a large fleet-services organisation that manages
 * both. One user per role in each. Inserted once; later starts leave existing rows alone.
 */
import { randomBytes } from 'node:crypto';
import type { RespondersType } from '@flare/core/labels';
import type { Db } from '../platform/db/database';
import { getOrCreateSetting } from '../platform/settings';
import { hashPassword } from '../modules/auth/auth.service';
import { organizationTypeId, ROLES } from './reference-data';
import { stableId } from './stable-id';

interface DemoOrganization {
  key: string;
  domain: string;
  name: string;
  type: string;
  responders: RespondersType;
  timezone: string;
  city: string;
  state: string;
  postal: string;
  lat: number;
  lng: number;
  wzdx?: boolean;
  large?: boolean;
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    key: 'springfield-pd',
    domain: 'springfield-pd.test',
    name: 'Springfield Police Department',
    type: 'police',
    responders: 'all',
    timezone: 'America/Chicago',
    city: 'Springfield',
    state: 'IL',
    postal: '62701',
    lat: 39.7817,
    lng: -89.6501,
  },
  {
    key: 'capital-roadworks',
    domain: 'capital-roadworks.test',
    name: 'Capital Road Works',
    type: 'road_works',
    responders: 'none',
    timezone: 'America/Chicago',
    city: 'Madison',
    state: 'WI',
    postal: '53703',
    lat: 43.0731,
    lng: -89.4012,
    wzdx: true,
  },
  {
    key: 'prairie-fleet',
    domain: 'prairie-fleet.test',
    name: 'Prairie State Fleet Services',
    type: 'acs',
    responders: 'some',
    timezone: 'America/Chicago',
    city: 'Chicago',
    state: 'IL',
    postal: '60601',
    lat: 41.8781,
    lng: -87.6298,
    large: true,
  },
];

/** Who manages or accesses whom: [organisation, related organisation, relationship]. */
const RELATIONSHIPS: Array<[string, string, 'manager' | 'accessor']> = [
  ['springfield-pd', 'prairie-fleet', 'manager'],
  ['capital-roadworks', 'prairie-fleet', 'manager'],
  ['capital-roadworks', 'springfield-pd', 'accessor'],
];

const ROLE_MAILBOX: Record<string, string> = {
  USER_EVENTS_ONLY: 'media',
  USER: 'user',
  ADMIN: 'admin',
  MANUFACTURER_ADMIN: 'orgadmin',
};

export interface DemoUser {
  email: string;
  organization: string;
  role: string;
}

export const demoOrganizationId = (key: string) => stableId(`demo_organization:${key}`);

/** Every demo sign-in, platform administrator first. */
export function demoUsers(): DemoUser[] {
  const users: DemoUser[] = [
    { email: 'platform@prairie-fleet.test', organization: 'prairie-fleet', role: 'PLATFORM_ADMIN' },
  ];
  for (const org of DEMO_ORGANIZATIONS) {
    for (const [role, mailbox] of Object.entries(ROLE_MAILBOX)) {
      users.push({ email: `${mailbox}@${org.domain}`, organization: org.key, role });
    }
  }
  return users;
}

function generatedPassword(): string {
  return `Flare!demo-${randomBytes(5).toString('hex')}7`;
}

/** Seeds the demo data (once) and returns the demo password. */
export async function seedDemoData(db: Db, requestedPassword: string | undefined): Promise<string> {
  const password = await getOrCreateSetting(
    db,
    'demo_password',
    () => requestedPassword ?? generatedPassword(),
  );
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    for (const org of DEMO_ORGANIZATIONS) {
      await trx
        .insertInto('organizations')
        .values({
          id: demoOrganizationId(org.key),
          name: org.name,
          email: `dispatch@${org.domain}`,
          lat: org.lat,
          lng: org.lng,
          address1: '1 Main Street',
          address2: null,
          city: org.city,
          state: org.state,
          postal_code: org.postal,
          country_code: 'US',
          phone_number: null,
          contact_name: null,
          cell_phone_number: null,
          timezone: org.timezone,
          organization_type_id: organizationTypeId(org.type),
          responders_type: org.responders,
          is_wzdx_org: org.wzdx ?? false,
          is_large_org: org.large ?? false,
          billing_customer_id: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const [organization, related, type] of RELATIONSHIPS) {
      await trx
        .insertInto('organization_relationships')
        .values({
          organization_id: demoOrganizationId(organization),
          related_organization_id: demoOrganizationId(related),
          relationship_type: type,
        })
        .onConflict((oc) => oc.columns(['organization_id', 'related_organization_id']).doNothing())
        .execute();
    }
    for (const user of demoUsers()) {
      const role = ROLES.find((r) => r.name === user.role)!;
      const [mailbox] = user.email.split('@');
      await trx
        .insertInto('users')
        .values({
          id: stableId(`demo_user:${user.email}`),
          organization_id: demoOrganizationId(user.organization),
          role_id: role.id,
          email: user.email,
          first_name: mailbox === 'orgadmin' ? 'Org' : mailbox!.charAt(0).toUpperCase() + mailbox!.slice(1),
          last_name: mailbox === 'orgadmin' ? 'Admin' : 'Demo',
          phone: null,
          address1: null,
          address2: null,
          city: null,
          state: null,
          postal_code: null,
          country_code: 'US',
          password_hash: passwordHash,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
  return password;
}
