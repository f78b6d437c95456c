/**
 * Reference data every installation needs: roles and their grants, organisation types, asset types
 * and subtypes, area types. Upserted at every start, so changes here reach existing installations.
 */
import type { Permission } from '@flare/core/permissions/permissions';
import type { RoleName } from '@flare/core/labels';
import type { Db } from '../platform/db/database';
import { stableId } from './stable-id';

const USER_GRANTS: Permission[] = [
  'thing:read',
  'incident:read',
  'heatmap:read',
  'exclusion:read',
  'closure:read',
  'zone:read',
  'trip:read',
  'hazard:read',
  'hazard:create',
  'alert:read',
  'report:read',
  'export:read',
  'export:create',
];

const ADMIN_GRANTS: Permission[] = [
  'thing:manage',
  'thing:invoke_r2r',
  'thing:ha5_light_intensity_change',
  'incident:read',
  'incident:update',
  'heatmap:create',
  'heatmap:read',
  'exclusion:manage',
  'closure:manage',
  'mobile:closure:manage',
  'zone:manage',
  'trip:read',
  'hazard:manage',
  'alert:read',
  'report:manage',
  'export:manage',
  'integration_configuration:manage',
  'billing:read',
  'user:manage',
  'organization:read',
  'organization:update',
];

const ORG_ADMIN_GRANTS: Permission[] = [
  ...ADMIN_GRANTS,
  'user:admin:manage',
  'organization:manage',
  'thing:admin:manage',
  'engineer:test',
];

export const ROLES: Array<{ id: number; name: RoleName; description: string; grants: Permission[] }> = [
  {
    id: 1,
    name: 'USER_EVENTS_ONLY',
    description: 'USER (Incidents / Events only)',
    grants: ['incident:read'],
  },
  { id: 2, name: 'USER', description: 'USER', grants: USER_GRANTS },
  { id: 3, name: 'ADMIN', description: 'ADMIN', grants: ADMIN_GRANTS },
  { id: 4, name: 'MANUFACTURER_ADMIN', description: 'MANUFACTURER ADMIN', grants: ORG_ADMIN_GRANTS },
  {
    id: 5,
    name: 'PLATFORM_ADMIN',
    description: 'Platform administrator (all organisations)',
    grants: [...ORG_ADMIN_GRANTS, 'haas:manage'],
  },
];

const ORGANIZATION_TYPES = [
  { name: 'police', display_name: 'Police', acs: false },
  { name: 'fire', display_name: 'Fire', acs: false },
  { name: 'ambulance', display_name: 'Ambulance / EMS', acs: false },
  { name: 'emergency_response', display_name: 'Emergency Response', acs: false },
  { name: 'road_works', display_name: 'Road Works', acs: false },
  { name: 'maintenance', display_name: 'Maintenance', acs: false },
  { name: 'tow', display_name: 'Tow', acs: false },
  { name: 'waste', display_name: 'Waste', acs: false },
  { name: 'acs', display_name: 'ACS Fleet Services', acs: true },
  { name: 'general', display_name: 'General', acs: false },
];

const THING_TYPES: Array<{ name: string; display_name: string; emergency: boolean; subtypes: string[] }> = [
  { name: 'police', display_name: 'Police', emergency: true, subtypes: ['Patrol Car', 'SUV', 'Motorcycle'] },
  {
    name: 'fire',
    display_name: 'Fire',
    emergency: true,
    subtypes: ['Engine', 'Ladder', 'Rescue', 'Command'],
  },
  { name: 'ems', display_name: 'EMS', emergency: true, subtypes: ['Ambulance', 'Supervisor'] },
  {
    name: 'arrow_board',
    display_name: 'Arrow Board',
    emergency: false,
    subtypes: ['Trailer', 'Truck Mounted'],
  },
  {
    name: 'maintenance',
    display_name: 'Maintenance',
    emergency: false,
    subtypes: ['Plow', 'Sweeper', 'Pickup'],
  },
  { name: 'tow', display_name: 'Tow', emergency: false, subtypes: ['Flatbed', 'Wrecker'] },
  { name: 'waste', display_name: 'Waste', emergency: false, subtypes: ['Refuse', 'Recycling'] },
  { name: 'wwd', display_name: 'Wrong-Way Driver', emergency: false, subtypes: [] },
  { name: 'general', display_name: 'General', emergency: false, subtypes: ['Car', 'Truck'] },
];

const EZ_TYPES = [
  { db_name: 'exclusion', display_name: 'Exclusion Zone', is_station_view: false, is_av_type: false },
  { db_name: 'station', display_name: 'Station', is_station_view: true, is_av_type: false },
  { db_name: 'hospital', display_name: 'Hospital', is_station_view: false, is_av_type: false },
  { db_name: 'poi', display_name: 'Point of Interest', is_station_view: false, is_av_type: false },
  { db_name: 'no_stop', display_name: 'No Stop', is_station_view: false, is_av_type: true },
  { db_name: 'no_enter', display_name: 'No Enter', is_station_view: false, is_av_type: true },
];

export const organizationTypeId = (name: string) => stableId(`organization_type:${name}`);
export const thingTypeId = (name: string) => stableId(`thing_type:${name}`);
export const ezTypeId = (dbName: string) => stableId(`ez_type:${dbName}`);

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const role of ROLES) {
      await trx
        .insertInto('roles')
        .values({ id: role.id, name: role.name, description: role.description, sort_order: role.id })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ name: role.name, description: role.description, sort_order: role.id }),
        )
        .execute();
      await trx.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
      await trx
        .insertInto('role_permissions')
        .values(role.grants.map((permission) => ({ role_id: role.id, permission })))
        .execute();
    }
    for (const type of ORGANIZATION_TYPES) {
      await trx
        .insertInto('organization_types')
        .values({ id: organizationTypeId(type.name), on_icon_url: null, off_icon_url: null, ...type })
        .onConflict((oc) => oc.column('id').doUpdateSet({ display_name: type.display_name, acs: type.acs }))
        .execute();
    }
    for (const { subtypes, ...type } of THING_TYPES) {
      const typeId = thingTypeId(type.name);
      await trx
        .insertInto('thing_types')
        .values({ id: typeId, ...type })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ display_name: type.display_name, emergency: type.emergency }),
        )
        .execute();
      for (const display of subtypes) {
        const name = slug(display);
        await trx
          .insertInto('thing_subtypes')
          .values({
            id: stableId(`thing_subtype:${type.name}:${name}`),
            name,
            display_name: display,
            thing_type_id: typeId,
          })
          .onConflict((oc) => oc.column('id').doUpdateSet({ display_name: display }))
          .execute();
      }
    }
    for (const type of EZ_TYPES) {
      await trx
        .insertInto('ez_types')
        .values({ id: ezTypeId(type.db_name), ...type })
        .onConflict((oc) => oc.column('id').doUpdateSet(type))
        .execute();
    }
  });
}
