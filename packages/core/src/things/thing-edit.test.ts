import { describe, expect, it } from 'vitest';
import { UpdateThingInputSchema, type Thing } from '../schemas/thing';
import {
  accessFormRows,
  addableOrganizations,
  allowedThingTypes,
  createThingInput,
  isThingTypeAllowed,
  NewThingFormSchema,
  registrableOrganizations,
  removedOrganizations,
  removesLastSharedOrganization,
  subtypesOfType,
  thingProfileFormValues,
  ThingProfileFormSchema,
  updateAssociationsInput,
  updateThingInput,
} from './thing-edit';

const POLICE = {
  id: '3f1c2b9e-1d2a-4c5b-8e7f-000000000001',
  name: 'police',
  display_name: 'Police',
  emergency: true,
};
const FIRE = {
  id: '3f1c2b9e-1d2a-4c5b-8e7f-000000000002',
  name: 'fire',
  display_name: 'Fire',
  emergency: true,
};
const TOW = {
  id: '3f1c2b9e-1d2a-4c5b-8e7f-000000000003',
  name: 'tow',
  display_name: 'Tow',
  emergency: false,
};
const PATROL = '3f1c2b9e-1d2a-4c5b-8e7f-000000000011';
const ORG = '3f1c2b9e-1d2a-4c5b-8e7f-0000000000a1';
const COUNTY = '3f1c2b9e-1d2a-4c5b-8e7f-0000000000a2';
const CITY = '3f1c2b9e-1d2a-4c5b-8e7f-0000000000a3';

function thing(overrides: Partial<Thing> = {}): Thing {
  return {
    id: '3f1c2b9e-1d2a-4c5b-8e7f-0000000000f1',
    external_id: 'dev-1',
    haas_id: 'dev-1',
    nickname: 'Patrol 1',
    is_active: true,
    lat: null,
    lng: null,
    speed: null,
    course: null,
    enroute: false,
    device_type: 'osmand',
    heartbeat_datetime: null,
    thing_type: POLICE,
    thing_subtype: { id: PATROL, name: 'patrol_car', display_name: 'Patrol Car' },
    thing_subtype_uuid: PATROL,
    location: null,
    closures: [],
    registry_number: null,
    vin_number: 'ABC123',
    license_plate_number: 'P-1',
    in_service: true,
    is_publicly_alerting: true,
    organization: { id: ORG, name: 'Metro Police', organization_type: 'police' },
    street: null,
    features: { r2r: false },
    hardware: null,
    organization_relationships: [
      { organization_uuid: COUNTY, organization_name: 'County', relationship_type: 'accessor' },
    ],
    is_allowed_for_closures: false,
    is_allowed_for_test_mode: false,
    test_mode: false,
    is_responder: true,
    is_integration_org: false,
    external_identifiers: [{ identifier_id: 'G-1', system_name: 'geotab', is_deleted: false }],
    wzdx_enabled: false,
    status: 'standby',
    status_changed_at: '2024-01-01T00:00:00.000Z',
    run_started_at: null,
    run_alert_points: 0,
    alarm: null,
    alarm_raised_at: null,
    station_id: null,
    updated_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('asset types offered', () => {
  it('offers an emergency asset only emergency types, any other asset every type', () => {
    expect(allowedThingTypes([POLICE, FIRE, TOW], POLICE)).toEqual([POLICE, FIRE]);
    expect(allowedThingTypes([POLICE, FIRE, TOW], TOW)).toEqual([POLICE, FIRE, TOW]);
    expect(isThingTypeAllowed(POLICE, TOW)).toBe(false);
  });

  it('offers the subtypes of the chosen type only', () => {
    const subtypes = [
      { id: 'a', thing_type_id: POLICE.id },
      { id: 'b', thing_type_id: TOW.id },
    ];
    expect(subtypesOfType(subtypes, POLICE.id).map((s) => s.id)).toEqual(['a']);
    expect(subtypesOfType(subtypes, null)).toEqual([]);
  });
});

describe('profile form validation', () => {
  const valid = thingProfileFormValues(thing());
  const messages = (change: object) => {
    const result = ThingProfileFormSchema.safeParse({ ...valid, ...change });
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it.each([
    [{ nickname: '  ' }, 'nickname', 'Required'],
    [{ nickname: 'x'.repeat(51) }, 'nickname', 'Must be 50 or fewer characters'],
    [{ thingTypeId: '' }, 'thingTypeId', 'Required'],
    [{ vinNumber: 'AB-12' }, 'vinNumber', 'Please only use numbers or letters'],
    [{ vinNumber: 'A'.repeat(51) }, 'vinNumber', 'Must be 50 or fewer characters'],
    [{ plateNumber: 'x'.repeat(51) }, 'plateNumber', 'Must be 50 or fewer characters'],
    [{ registryNumber: 'x'.repeat(51) }, 'registryNumber', 'Must be 50 or fewer characters'],
    [{ integrations: [{ provider: '', identifier: 'x' }] }, 'integrations.0.provider', 'Required'],
    [{ integrations: [{ provider: 'geotab', identifier: ' ' }] }, 'integrations.0.identifier', 'Required'],
    [
      {
        integrations: [
          { provider: 'geotab', identifier: 'a' },
          { provider: 'geotab', identifier: 'b' },
        ],
      },
      'integrations.1.provider',
      'Provider already used',
    ],
    [
      {
        integrations: [
          { provider: 'geotab', identifier: 'a' },
          { provider: 'samsara', identifier: 'b' },
          { provider: '', identifier: 'c' },
        ],
      },
      'integrations',
      'Available providers in use',
    ],
  ])('%o: %s says "%s"', (change, path, message) => {
    expect(messages(change)).toContainEqual([path, message]);
  });

  it('accepts the asset as it is, and 50 characters', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ nickname: 'x'.repeat(50), vinNumber: '' })).toEqual([]);
  });
});

describe('profile payload', () => {
  it('sends the service switches always and other fields only when changed', () => {
    const current = thing();
    const values = thingProfileFormValues(current);
    expect(updateThingInput(current, values)).toEqual({
      id: current.id,
      in_service: true,
      is_publicly_alerting: true,
    });
    expect(updateThingInput(current, { ...values, nickname: ' Unit 7 ', inService: false })).toEqual({
      id: current.id,
      in_service: false,
      is_publicly_alerting: true,
      nickname: 'Unit 7',
    });
  });

  it('sends a cleared optional field as null, and the new type with the cleared subtype', () => {
    const current = thing();
    const values = thingProfileFormValues(current);
    const input = updateThingInput(current, {
      ...values,
      plateNumber: '',
      thingTypeId: FIRE.id,
      thingSubtypeId: null,
    });
    expect(input).toMatchObject({
      license_plate_number: null,
      thing_type_id: FIRE.id,
      thing_subtype_id: null,
    });
    expect(input).not.toHaveProperty('vin_number');
    expect(UpdateThingInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends integrations whole when they changed: kept ones isDeleted false, removed ones true', () => {
    const current = thing();
    const values = thingProfileFormValues(current);
    expect(
      updateThingInput(current, { ...values, integrations: [{ provider: 'samsara', identifier: 'S-1' }] })
        .external_identifiers,
    ).toEqual([
      { system_name: 'samsara', identifier_id: 'S-1', isDeleted: false },
      { system_name: 'geotab', identifier_id: 'G-1', isDeleted: true },
    ]);
    expect(
      updateThingInput(current, {
        ...values,
        integrations: [...values.integrations, { provider: 'samsara', identifier: 'S-1' }],
      }).external_identifiers,
    ).toEqual([
      { system_name: 'geotab', identifier_id: 'G-1', isDeleted: false },
      { system_name: 'samsara', identifier_id: 'S-1', isDeleted: false },
    ]);
    expect(updateThingInput(current, values)).not.toHaveProperty('external_identifiers');
  });
});

describe('organisation access', () => {
  it('sends only the changed organisations, and nothing for an added one set to Remove', () => {
    const current = thing();
    const rows = accessFormRows(current);
    expect(updateAssociationsInput(current, rows)).toBeNull();
    expect(
      updateAssociationsInput(current, [
        { ...rows[0]!, relationship: 'manager' },
        { organizationId: CITY, organizationName: 'City', relationship: 'accessor' },
      ]),
    ).toEqual({
      organization_relationships: [
        { organization_uuid: COUNTY, organization_name: 'County', relationship_type: 'manager' },
        { organization_uuid: CITY, organization_name: 'City', relationship_type: 'accessor' },
      ],
    });
    expect(
      updateAssociationsInput(current, [
        { ...rows[0]!, relationship: 'delete' },
        { organizationId: CITY, organizationName: 'City', relationship: 'delete' },
      ]),
    ).toEqual({
      organization_relationships: [
        { organization_uuid: COUNTY, organization_name: 'County', relationship_type: 'delete' },
      ],
    });
  });

  it('offers known organisations except the owner and those listed, once each, by name', () => {
    const current = thing();
    const known = [
      { id: ORG, name: 'Metro Police' },
      { id: CITY, name: 'City' },
      { id: COUNTY, name: 'County' },
      { id: CITY, name: 'City' },
      { id: 'x', name: 'Airport' },
    ];
    expect(addableOrganizations(known, current, accessFormRows(current)).map((o) => o.name)).toEqual([
      'Airport',
      'City',
    ]);
  });
});

describe('removing the last shared organisation', () => {
  const shared = thing({
    organization_relationships: [
      { organization_uuid: COUNTY, organization_name: 'County', relationship_type: 'accessor' },
      { organization_uuid: CITY, organization_name: 'City', relationship_type: 'manager' },
    ],
  });

  it('is when every organisation the asset was shared with is set to Remove', () => {
    const rows = accessFormRows(shared);
    expect(
      removesLastSharedOrganization(
        shared,
        rows.map((row) => ({ ...row, relationship: 'delete' })),
      ),
    ).toBe(true);
  });

  it('is not while one stays or one is added, nor for an asset shared with none', () => {
    const [county, city] = accessFormRows(shared);
    expect(removesLastSharedOrganization(shared, [{ ...county!, relationship: 'delete' }, city!])).toBe(
      false,
    );
    expect(
      removesLastSharedOrganization(shared, [
        { ...county!, relationship: 'delete' },
        { ...city!, relationship: 'delete' },
        { organizationId: 'x', organizationName: 'Airport', relationship: 'accessor' },
      ]),
    ).toBe(false);
    const unshared = thing({ organization_relationships: [] });
    expect(removesLastSharedOrganization(unshared, [])).toBe(false);
    expect(
      removesLastSharedOrganization(unshared, [
        { organizationId: CITY, organizationName: 'City', relationship: 'delete' },
      ]),
    ).toBe(false);
  });
});

describe('organisations losing access', () => {
  it('are those set to Remove that had access, each marked whether the user knows it to add it back', () => {
    const shared = thing({
      organization_relationships: [
        { organization_uuid: COUNTY, organization_name: 'County', relationship_type: 'accessor' },
        { organization_uuid: CITY, organization_name: 'City', relationship_type: 'manager' },
      ],
    });
    const [county, city] = accessFormRows(shared);
    expect(
      removedOrganizations(
        shared,
        [
          { ...county!, relationship: 'delete' },
          { ...city!, relationship: 'delete' },
          { organizationId: 'x', organizationName: 'Airport', relationship: 'delete' },
        ],
        [{ id: CITY }],
      ),
    ).toEqual([
      { name: 'County', canAddBack: false },
      { name: 'City', canAddBack: true },
    ]);
    expect(removedOrganizations(shared, [county!, city!], [])).toEqual([]);
  });
});

describe('new asset', () => {
  it('requires device id, type and organisation; the nickname is optional', () => {
    const result = NewThingFormSchema.safeParse({
      deviceId: ' ',
      thingTypeId: '',
      organizationId: '',
      nickname: '',
      deviceType: 'osmand',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['deviceId', 'Required'],
      ['thingTypeId', 'Required'],
      ['organizationId', 'Required'],
    ]);
    expect(
      createThingInput({
        deviceId: ' DEV-9 ',
        thingTypeId: TOW.id,
        organizationId: ORG,
        nickname: ' ',
        deviceType: 'mqtt',
      }),
    ).toEqual({ device_id: 'DEV-9', thing_type_id: TOW.id, organization_id: ORG, device_type: 'mqtt' });
  });

  it('offers the organisations the user may register an asset for', () => {
    const org = (id: string, name: string) => ({ id, name }) as never;
    const profile = {
      permissions: ['thing:admin:manage'],
      userOrg: org(ORG, 'Prairie Fleet'),
      managedOrgs: [org(COUNTY, 'County Roads')],
      accessedOrgs: [org(CITY, 'City Police')],
    };
    expect(registrableOrganizations(profile)).toEqual([
      { id: ORG, name: 'Prairie Fleet' },
      { id: COUNTY, name: 'County Roads' },
    ]);
    expect(registrableOrganizations({ ...profile, permissions: ['haas:manage'] })).toHaveLength(3);
  });
});
