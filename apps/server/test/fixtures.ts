/**
 * What a test needs, built for it: organisations, their users and their assets, instead of the demo
 * content (which is there for a first look and may change). Each call makes new rows with fresh ids
 * and e-mails, so the tests of one app never meet each other's. Users sign in with TEST_PASSWORD
 * (through `t.as(user.email)`); reference data (roles, organisation and asset types) is the seeded one.
 */
import { randomUUID } from 'node:crypto';
import type { RespondersType, RoleName } from '@flare/core/labels';
import { CreatedApiKeySchema, type ApiKeyScope } from '@flare/core/schemas/api-key';
import { hashPassword } from '../src/modules/auth/auth.service';
import { organizationTypeId, ROLES, thingTypeId } from '../src/seed/reference-data';
import { TEST_PASSWORD, type TestApp } from './test-app';

export interface OrganizationOptions {
  /** Its id, where a test names it before set-up (a table of cases, the app's configuration). */
  id?: string;
  name?: string;
  /** An organisation type of the reference data ('police', 'road_works', 'acs', …). */
  type?: string;
  responders?: RespondersType;
  timezone?: string;
  wzdx?: boolean;
  large?: boolean;
  /** Organisations this one manages, or may see (accessor). */
  manages?: string[];
  accesses?: string[];
}

export interface AssetOptions {
  /** Its id, for a test that names it before its set-up runs (a table of cases); else a fresh one. */
  id?: string;
  /** Its nickname; null: none (it shows by its System Id). */
  name?: string | null;
  deviceId?: string;
  /** An asset type of the reference data ('police', 'fire', 'arrow_board', …). */
  type?: string;
  /** Sends Responder-to-Responder alerts. */
  responder?: boolean;
  /** Command hardware (R2R tests, LED intensity); none by default. */
  hardware?: 'ha5' | 'ha7';
  /** Published in its organisation's WZDx device feed. */
  wzdx?: boolean;
  /** Last heard from then, at its organisation's place, in standby (none: never heard from). */
  heardAt?: Date;
  /** Other organisations that may see it (the asset's own accessors, not its organisation's). */
  accessors?: string[];
}

export interface Fixtures {
  organization(options?: OrganizationOptions): Promise<{ id: string; name: string }>;
  /** A user of the organisation with the role; `name` as the API shows it. */
  user(organizationId: string, role: RoleName): Promise<{ id: string; email: string; name: string }>;
  asset(
    organizationId: string,
    options?: AssetOptions,
  ): Promise<{ id: string; deviceId: string; name: string | null }>;
  /** An integration's API key of the user's organisation, made through the API by that user (an admin); its token. */
  apiKey(email: string, scopes: ApiKeyScope[]): Promise<string>;
}

export function fixtures(t: TestApp): Fixtures {
  let passwordHash: Promise<string> | undefined;
  const short = () => randomUUID().slice(0, 8);
  return {
    async organization(options = {}) {
      const id = options.id ?? randomUUID();
      const name = options.name ?? `Organization ${short()}`;
      await t.db
        .insertInto('organizations')
        .values({
          id,
          name,
          email: `dispatch-${short()}@fixture.test`,
          lat: 39.78,
          lng: -89.65,
          address1: '1 Main Street',
          address2: null,
          city: 'Springfield',
          state: 'IL',
          postal_code: '62701',
          country_code: 'US',
          phone_number: null,
          contact_name: null,
          cell_phone_number: null,
          timezone: options.timezone ?? 'America/Chicago',
          organization_type_id: organizationTypeId(options.type ?? 'police'),
          responders_type: options.responders ?? 'all',
          is_wzdx_org: options.wzdx ?? false,
          is_large_org: options.large ?? false,
          billing_customer_id: null,
        })
        .execute();
      const related = [
        ...(options.manages ?? []).map((other) => [other, 'manager'] as const),
        ...(options.accesses ?? []).map((other) => [other, 'accessor'] as const),
      ];
      for (const [other, type] of related)
        await t.db
          .insertInto('organization_relationships')
          // The organisation managed or seen, and (related_organization_id) its manager or accessor.
          .values({ organization_id: other, related_organization_id: id, relationship_type: type })
          .execute();
      return { id, name };
    },

    async user(organizationId, role) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const id = randomUUID();
      const email = `${role.toLowerCase()}-${short()}@fixture.test`;
      await t.db
        .insertInto('users')
        .values({
          id,
          organization_id: organizationId,
          role_id: ROLES.find((r) => r.name === role)!.id,
          email,
          first_name: 'Test',
          last_name: role,
          phone: null,
          address1: null,
          address2: null,
          city: null,
          state: null,
          postal_code: null,
          country_code: 'US',
          password_hash: await passwordHash,
        })
        .execute();
      return { id, email, name: `Test ${role}` };
    },

    async asset(organizationId, options = {}) {
      const id = options.id ?? randomUUID();
      const deviceId = options.deviceId ?? `FIX-${short().toUpperCase()}`;
      const name = options.name === undefined ? `Unit ${short()}` : options.name;
      await t.db
        .insertInto('things')
        .values({
          id,
          organization_id: organizationId,
          device_id: deviceId,
          device_type: 'osmand',
          nickname: name,
          thing_type_id: thingTypeId(options.type ?? 'police'),
          thing_subtype_id: null,
          vin_number: null,
          license_plate_number: null,
          registry_number: null,
          wzdx_enabled: options.wzdx ?? false,
          r2r_enabled: options.responder ?? false,
          hardware: options.hardware ?? null,
          // Reports name the asset by its System Id (the device id), as the simulator's do.
          legacy_device_id: true,
        })
        .execute();
      if (options.heardAt)
        await t.db
          .insertInto('thing_states')
          .values({
            thing_id: id,
            lat: 39.79,
            lng: -89.66,
            heartbeat_at: options.heardAt,
            position_at: options.heardAt,
            status: 'standby',
          })
          .execute();
      for (const organizationId of options.accessors ?? [])
        await t.db
          .insertInto('thing_relationships')
          .values({ thing_id: id, organization_id: organizationId, relationship_type: 'accessor' })
          .execute();
      // As a provisioned asset is: every process (device directory, R2R index, live feed) learns of it.
      await t.app.things.announce(id);
      return { id, deviceId, name };
    },

    async apiKey(email, scopes) {
      const made = await t
        .as(email)
        .request('POST', '/api/api_keys', { description: `Integration ${short()}`, scopes });
      if (made.statusCode !== 201) throw new Error(`API key not made: ${made.body}`);
      return CreatedApiKeySchema.parse(made.json()).token;
    },
  };
}
