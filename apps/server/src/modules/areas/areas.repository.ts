/** Areas as stored: the shape as GeoJSON with its bounding box, the address, and the area type. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AreasTable } from './areas.tables';

export type AreaRow = Selectable<AreasTable> & {
  organization_name: string;
  ez_type_db_name: string;
  ez_type_display_name: string;
  ez_type_is_station_view: boolean;
  ez_type_is_av_type: boolean;
};

/** What a save writes (the shape already checked and reduced to its columns): all of them. */
export type AreaValues = Required<
  Pick<
    Insertable<AreasTable>,
    | 'ez_type_id'
    | 'name'
    | 'description'
    | 'lat'
    | 'lng'
    | 'radius_miles'
    | 'area_geom'
    | 'point_geom'
    | 'min_lng'
    | 'min_lat'
    | 'max_lng'
    | 'max_lat'
    | 'address1'
    | 'address2'
    | 'city'
    | 'state'
    | 'postal_code'
    | 'country_code'
  >
>;

export class AreasRepository {
  constructor(private readonly db: Db) {}

  private selectAreas() {
    return this.db
      .selectFrom('areas')
      .innerJoin('organizations as org', 'org.id', 'areas.organization_id')
      .innerJoin('ez_types as type', 'type.id', 'areas.ez_type_id')
      .selectAll('areas')
      .select([
        'org.name as organization_name',
        'type.db_name as ez_type_db_name',
        'type.display_name as ez_type_display_name',
        'type.is_station_view as ez_type_is_station_view',
        'type.is_av_type as ez_type_is_av_type',
      ])
      .where('areas.deleted_at', 'is', null);
  }

  list(organizationIds: readonly string[]): Promise<AreaRow[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    return this.selectAreas()
      .where('areas.organization_id', 'in', organizationIds)
      .orderBy('areas.name')
      .orderBy('areas.id')
      .execute();
  }

  find(id: string): Promise<AreaRow | undefined> {
    return this.selectAreas().where('areas.id', '=', id).executeTakeFirst();
  }

  /** Station areas (types shown in the station view), of one organisation or of all. */
  stations(organizationId?: string): Promise<AreaRow[]> {
    let query = this.selectAreas().where('type.is_station_view', '=', true);
    if (organizationId) query = query.where('areas.organization_id', '=', organizationId);
    return query.execute();
  }

  ezType(id: string) {
    return this.db.selectFrom('ez_types').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(organizationId: string, createdBy: string | null, values: AreaValues): Promise<string> {
    const { id } = await this.db
      .insertInto('areas')
      .values({ organization_id: organizationId, created_by: createdBy, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: string, values: AreaValues): Promise<boolean> {
    const result = await this.db
      .updateTable('areas')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the area deleted and takes the assets parked at it off it; false when it was gone already. */
  async softDelete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('areas')
        .set({ deleted_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx.updateTable('thing_states').set({ station_id: null }).where('station_id', '=', id).execute();
      return true;
    });
  }
}
