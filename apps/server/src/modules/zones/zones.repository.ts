/** Alerting zones as stored, and the wrong-way-driver assets that may lie along them. */
import type { Insertable, Selectable } from 'kysely';
import type { ThingStatus } from '@flare/core/status/thing-status';
import { WRONG_WAY_DRIVER_TYPE } from '@flare/core/zones/zone-reach';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import type { ZonesTable } from './zones.tables';

export type ZoneRow = Selectable<ZonesTable> & { organization_name: string };

/** What a save writes: the table's own insert columns. */
export type ZoneValues = Required<
  Pick<Insertable<ZonesTable>, 'zone_type' | 'hotspot_id' | 'description' | 'alert_message' | 'geometry'>
> & {
  /** Undefined on an update: left as it is. */
  default_expiry_minutes: number | undefined;
};

export interface WrongWayThingRow {
  id: string;
  organization_id: string;
  nickname: string | null;
  device_id: string;
  lat: number;
  lng: number;
  status: ThingStatus;
}

/** Thrown when the organisation already has a zone with the hotspot id. */
export class HotspotTakenError extends Error {}
const HOTSPOT_INDEX = 'alerting_zones_hotspot_idx';

export class ZonesRepository {
  constructor(private readonly db: Db) {}

  private selectZones() {
    return this.db
      .selectFrom('alerting_zones as zone')
      .innerJoin('organizations as org', 'org.id', 'zone.organization_id')
      .selectAll('zone')
      .select('org.name as organization_name')
      .where('zone.deleted_at', 'is', null);
  }

  list(organizationIds: readonly string[], hotspotId?: string): Promise<ZoneRow[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    let query = this.selectZones().where('zone.organization_id', 'in', organizationIds);
    if (hotspotId !== undefined) query = query.where('zone.hotspot_id', '=', hotspotId);
    return query.orderBy('zone.hotspot_id').orderBy('zone.id').execute();
  }

  find(id: string): Promise<ZoneRow | undefined> {
    return this.selectZones().where('zone.id', '=', id).executeTakeFirst();
  }

  /** The organisations' wrong-way-driver assets that have a position. */
  async wrongWayThings(organizationIds: readonly string[]): Promise<WrongWayThingRow[]> {
    if (organizationIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('things')
      .innerJoin('thing_types as type', 'type.id', 'things.thing_type_id')
      .innerJoin('thing_states as state', 'state.thing_id', 'things.id')
      .select([
        'things.id',
        'things.organization_id',
        'things.nickname',
        'things.device_id',
        'state.lat',
        'state.lng',
        'state.status',
      ])
      .where('type.name', '=', WRONG_WAY_DRIVER_TYPE)
      .where('things.organization_id', 'in', organizationIds)
      .where('state.lat', 'is not', null)
      .where('state.lng', 'is not', null)
      .execute();
    return rows as WrongWayThingRow[];
  }

  async insert(organizationId: string, createdBy: string | null, values: ZoneValues): Promise<string> {
    try {
      const { id } = await this.db
        .insertInto('alerting_zones')
        .values({ organization_id: organizationId, created_by: createdBy, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    } catch (error) {
      if (isUniqueViolation(error, HOTSPOT_INDEX)) throw new HotspotTakenError();
      throw error;
    }
  }

  async update(id: string, values: ZoneValues): Promise<boolean> {
    try {
      const result = await this.db
        .updateTable('alerting_zones')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    } catch (error) {
      if (isUniqueViolation(error, HOTSPOT_INDEX)) throw new HotspotTakenError();
      throw error;
    }
  }

  async softDelete(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alerting_zones')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
