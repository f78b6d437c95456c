import { describe, expect, it } from 'vitest';
import { ACCESS, apiKeyPermissions, can, MANAGE_ACCOUNTS_MENU, type Access } from './access';
import {
  PERMISSIONS,
  grants,
  holdsAny,
  parsePermission,
  permissionConstant,
  type Permission,
} from './permissions';

/** Every row of the access table: each listed permission alone suffices. */
const TABLE: Array<[Access, Permission[]]> = [
  ['viewThings', ['thing:read', 'thing:manage', 'haas:manage']],
  ['editThing', ['thing:update', 'thing:manage']],
  ['viewIncidents', ['incident:read', 'haas:manage']],
  ['editIncident', ['incident:update', 'haas:manage']],
  ['viewAreas', ['exclusion:read', 'exclusion:manage', 'haas:manage']],
  ['addArea', ['exclusion:create', 'exclusion:manage']],
  ['editArea', ['exclusion:update', 'exclusion:manage']],
  ['deleteArea', ['exclusion:delete', 'exclusion:manage']],
  ['viewClosures', ['closure:read', 'closure:manage', 'haas:manage']],
  ['addClosure', ['closure:create', 'closure:manage']],
  ['editClosure', ['closure:update', 'closure:manage']],
  ['deleteClosure', ['closure:delete', 'closure:manage']],
  ['addMobileClosure', ['mobile:closure:create', 'mobile:closure:manage']],
  ['editMobileClosure', ['mobile:closure:update', 'mobile:closure:manage']],
  ['viewZones', ['zone:read', 'zone:manage', 'haas:manage']],
  ['manageZones', ['zone:manage', 'haas:manage']],
  ['viewTrips', ['trip:read']],
  ['viewR2r', ['engineer:test']],
  ['viewAccountsNew', ['engineer:test']],
  ['viewHazards', ['hazard:read']],
  ['reportHazard', ['hazard:create', 'hazard:manage']],
  ['resolveHazard', ['hazard:update', 'hazard:manage']],
  ['viewAlerts', ['alert:read', 'haas:manage']],
  ['viewData', ['report:read', 'report:manage', 'export:read', 'export:manage', 'haas:manage']],
  ['viewReports', ['report:read', 'report:manage']],
  ['createReport', ['report:create', 'report:manage']],
  ['viewExports', ['export:read', 'export:manage']],
  ['createExport', ['export:create', 'export:manage']],
  ['deleteExport', ['export:delete', 'export:manage']],
  [
    'viewAccounts',
    [
      'user:admin:manage',
      'user:admin:create',
      'user:manage',
      'user:create',
      'user:read',
      'user:update',
      'user:delete',
      'organization:manage',
      'organization:create',
      'organization:read',
      'organization:update',
      'organization:delete',
      'thing:admin:manage',
    ],
  ],
  ['showAssetCount', ['thing:read', 'thing:manage']],
  ['viewUsers', ['user:read', 'user:manage']],
  ['createUser', ['user:create', 'user:manage']],
  ['updateUser', ['user:update', 'user:manage']],
  ['deleteUser', ['user:delete', 'user:manage']],
  ['updateOwnUser', ['user:update']],
  ['updateOwnOrganization', ['organization:update']],
  ['platformAdmin', ['haas:manage']],
  ['viewOrganizations', ['organization:read', 'organization:manage', 'haas:manage']],
  ['updateOrganization', ['organization:update', 'organization:manage']],
  ['setRespondersType', ['organization:manage', 'haas:manage']],
  ['createOrganization', ['haas:manage']],
  ['deleteOrganization', ['haas:manage']],
  ['manageThings', ['thing:manage', 'haas:manage']],
  ['registerThing', ['thing:admin:manage', 'haas:manage']],
  ['manageIncidentFeed', ['incident:update', 'organization:update', 'organization:manage']],
  [
    'manageWorkZoneFeed',
    ['closure:create', 'closure:update', 'closure:manage', 'organization:update', 'organization:manage'],
  ],
  ['viewApiKeys', ['integration_configuration:read', 'integration_configuration:manage']],
  ['createApiKey', ['integration_configuration:create', 'integration_configuration:manage']],
  ['revokeApiKey', ['integration_configuration:delete', 'integration_configuration:manage']],
];

describe('access groups', () => {
  it.each(TABLE)('%s is granted by each of its permissions alone', (access, permissions) => {
    for (const permission of permissions) expect(can([permission], access), permission).toBe(true);
  });

  it.each(TABLE)('%s is refused to every other single permission', (access, permissions) => {
    const others = PERMISSIONS.filter((p) => !permissions.some((granting) => grants(p, granting)));
    for (const permission of others) expect(can([permission], access), permission).toBe(false);
  });

  it.each(TABLE)('%s accepts the upper-case spelling', (access, permissions) => {
    for (const permission of permissions) expect(can([permissionConstant(permission)], access)).toBe(true);
  });

  it('covers every access group', () => {
    expect(TABLE.map(([access]) => access).sort()).toEqual(Object.keys(ACCESS).sort());
  });

  it('refuses a user with no permissions', () => {
    for (const [access] of TABLE) expect(can([], access)).toBe(false);
  });
});

describe("an API key's scopes", () => {
  it('stand for the permissions of what they name, and nothing else', () => {
    expect(apiKeyPermissions(['incidents:read', 'closures:read'])).toEqual(['incident:read', 'closure:read']);
    expect(apiKeyPermissions(['assets:read', 'positions:write'])).toEqual(['thing:read', 'thing:update']);
    const cad = apiKeyPermissions(['incidents:read', 'closures:read']);
    expect(can(cad, 'viewIncidents') && can(cad, 'viewClosures')).toBe(true);
    expect(can(cad, 'viewThings') || can(cad, 'editThing') || can(cad, 'editIncident')).toBe(false);
  });
});

describe('holding any of the required permissions', () => {
  it('an empty list of required permissions lets everyone through, even without permissions', () => {
    expect(holdsAny([], [])).toBe(true);
    expect(holdsAny(['thing:read'], [])).toBe(true);
    expect(holdsAny([], ['thing:read'] as Permission[])).toBe(false);
    expect(holdsAny(['thing:manage'], ['thing:read'] as Permission[])).toBe(true);
  });
});

describe('permission strings', () => {
  it('parses both spellings, including the irregular light-intensity constant', () => {
    expect(parsePermission('THING_LIGHT_INTENSITY')).toBe('thing:ha5_light_intensity_change');
    expect(parsePermission('HAAS_MANAGE')).toBe('haas:manage');
    expect(parsePermission('CLOSURE_DELETE')).toBe('closure:delete');
    expect(parsePermission('USER_ADMIN_MANAGE')).toBe('user:admin:manage');
    expect(parsePermission('thing:read')).toBe('thing:read');
    expect(parsePermission('THING_FLY')).toBeNull();
  });

  it('manage grants create, read, update and delete of its own resource only', () => {
    for (const action of ['create', 'read', 'update', 'delete'] as const) {
      expect(grants('report:manage', `report:${action}`)).toBe(true);
    }
    expect(grants('mobile:closure:manage', 'mobile:closure:create')).toBe(true);
    expect(grants('closure:manage', 'mobile:closure:create')).toBe(false);
    expect(grants('thing:manage', 'thing:invoke_r2r')).toBe(false);
    expect(grants('thing:manage', 'thing:admin:manage')).toBe(false);
    expect(grants('user:manage', 'user:admin:create')).toBe(false);
    expect(grants('report:read', 'report:manage')).toBe(false);
  });
});

describe('"Manage Accounts & Users" in the account menu', () => {
  it('shows for user admin manage/create, user, organisation and thing admin manage permissions only', () => {
    const granting: Permission[] = [
      'user:admin:manage',
      'user:admin:create',
      'user:manage',
      'user:create',
      'user:update',
      'user:delete',
      'user:read',
      'organization:manage',
      'organization:create',
      'organization:update',
      'organization:delete',
      'organization:read',
      'thing:admin:manage',
    ];
    for (const permission of granting) expect(can([permission], MANAGE_ACCOUNTS_MENU), permission).toBe(true);
    for (const permission of PERMISSIONS.filter((p) => !granting.some((g) => grants(p, g))))
      expect(can([permission], MANAGE_ACCOUNTS_MENU), permission).toBe(false);
  });
});
