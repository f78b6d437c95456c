/** Closures as stored, with their organisation and the asset of automated closures. */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import type { ClosuresTable } from './closures.tables';

export type ClosureRow = Selectable<ClosuresTable> & {
  organization_name: string;
  organization_type: string;
  thing_nickname: string | null;
  thing_device_id: string | null;
  thing_heartbeat_at: Date | null;
  thing_registry_number: string | null;
  thing_vin_number: string | null;
  thing_license_plate_number: string | null;
};

/** What a save writes (the payload already checked). */
export type ClosureValues = Omit<
  Insertable<ClosuresTable>,
  | 'id'
  | 'organization_id'
  | 'closure_type'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'feed_url'
  | 'feed_event_id'
  | 'feed_fingerprint'
  | 'last_start_time'
> & {
  closure_type: 'manual' | 'automated';
  is_active: boolean;
  start_time: Date | null;
  end_time: Date | null;
};

/** Thrown when the organisation has another closure published under the work-zone id. */
export class ExternalIdTakenError extends Error {}
const EXTERNAL_ID_INDEX = 'closures_external_id_idx';

export class ClosuresRepository {
  constructor(private readonly db: Db) {}

  private selectClosures() {
    return this.db
      .selectFrom('closures')
      .innerJoin('organizations as org', 'org.id', 'closures.organization_id')
      .innerJoin('organization_types as org_type', 'org_type.id', 'org.organization_type_id')
      .leftJoin('things', 'things.id', 'closures.thing_id')
      .leftJoin('thing_states as state', 'state.thing_id', 'closures.thing_id')
      .selectAll('closures')
      .select([
        'org.name as organization_name',
        'org_type.name as organization_type',
        'things.nickname as thing_nickname',
        'things.device_id as thing_device_id',
        'state.heartbeat_at as thing_heartbeat_at',
        'things.registry_number as thing_registry_number',
        'things.vin_number as thing_vin_number',
        'things.license_plate_number as thing_license_plate_number',
      ]);
  }

  /** The organisations' closures; with `since`, those changed after it, deleted ones included. */
  list(organizationIds: readonly string[], since?: Date): Promise<ClosureRow[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    let query = this.selectClosures().where('closures.organization_id', 'in', organizationIds);
    query = since
      ? query.where('closures.updated_at', '>', since)
      : query.where('closures.deleted_at', 'is', null);
    return query.orderBy('closures.updated_at', 'desc').orderBy('closures.id').execute();
  }

  /** `deleted`: also when it has been deleted (to tell the dashboards). */
  find(id: string, { deleted = false } = {}): Promise<ClosureRow | undefined> {
    let query = this.selectClosures().where('closures.id', '=', id);
    if (!deleted) query = query.where('closures.deleted_at', 'is', null);
    return query.executeTakeFirst();
  }

  /** The asset's automated closures that are switched off: their status follows its check-ins. */
  switchedOffAutomated(thingId: string): Promise<ClosureRow[]> {
    return this.switchedOffAutomatedClosures().where('closures.thing_id', '=', thingId).execute();
  }

  /** Every asset with an automated closure that is switched off, and the asset's last check-in. */
  async switchedOffAutomatedAssets(): Promise<Array<{ thing_id: string; heartbeat_at: Date | null }>> {
    const rows = await this.switchedOffAutomatedClosures()
      .clearSelect()
      .select(['closures.thing_id', 'state.heartbeat_at'])
      .distinct()
      .execute();
    return rows as Array<{ thing_id: string; heartbeat_at: Date | null }>;
  }

  private switchedOffAutomatedClosures() {
    return this.selectClosures()
      .where('closures.closure_type', '=', 'automated')
      .where('closures.is_active', '=', false)
      .where('closures.deleted_at', 'is', null)
      .where('closures.thing_id', 'is not', null);
  }

  async isWzdxOrganization(organizationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('organizations')
      .select('is_wzdx_org')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return row?.is_wzdx_org ?? false;
  }

  /** Whether the asset belongs to the organisation (an automated closure follows one of its own). */
  async ownsThing(organizationId: string, thingId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('things')
      .select('id')
      .where('id', '=', thingId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The active closures of every asset that has one. */
  async activeByThing(): Promise<Array<{ id: string; thing_id: string }>> {
    const rows = await this.db
      .selectFrom('closures')
      .select(['id', 'thing_id'])
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .where('thing_id', 'is not', null)
      .execute();
    return rows as Array<{ id: string; thing_id: string }>;
  }

  async insert(organizationId: string, createdBy: string | null, values: ClosureValues): Promise<string> {
    return this.unique(async () => {
      const { id } = await this.db
        .insertInto('closures')
        .values({
          organization_id: organizationId,
          created_by: createdBy,
          ...values,
          last_start_time: values.is_active ? values.start_time : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  update(id: string, values: ClosureValues): Promise<boolean> {
    return this.unique(() =>
      this.setFields(id, { ...values, ...(values.is_active ? { last_start_time: values.start_time } : {}) }),
    );
  }

  /** Switches a closure on (from now, until it is switched off) or off (ending at `end`). */
  switchActive(id: string, active: boolean, at: Date): Promise<boolean> {
    return this.setFields(
      id,
      active
        ? { is_active: true, is_scheduled: false, start_time: at, end_time: null, last_start_time: at }
        : { is_active: false, is_scheduled: false, end_time: at },
    );
  }

  /** A scheduled closure's start or end came: switched on or off if its times are still those. */
  async applySchedule(id: string, action: 'activate' | 'deactivate', at: Date): Promise<boolean> {
    const column = action === 'activate' ? 'start_time' : 'end_time';
    const result = await this.db
      .updateTable('closures')
      .set(
        action === 'activate'
          ? { is_active: true, last_start_time: at, updated_at: new Date() }
          : { is_active: false, is_scheduled: false, updated_at: new Date() },
      )
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where(column, '=', at)
      .where('is_active', '=', action !== 'activate')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Names the streets still unnamed (a user's own names stay); false when the closure is gone. */
  async fillStreets(
    id: string,
    streets: { street_start: string | null; street_end: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('closures')
      .set((eb) => ({
        street_start: eb.fn.coalesce('street_start', eb.val(streets.street_start)),
        street_end: eb.fn.coalesce('street_end', eb.val(streets.street_end)),
        // Road names left empty take the streets found (the form shows them, to keep or change).
        road_names: sql<string>`case when jsonb_array_length(road_names) = 0
          then ${JSON.stringify([...new Set([streets.street_start, streets.street_end].filter(Boolean))])}::jsonb
          else road_names end`,
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async softDelete(id: string): Promise<boolean> {
    return this.setFields(id, { deleted_at: new Date(), is_active: false });
  }

  private async setFields(id: string, fields: Updateable<ClosuresTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('closures')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private async unique<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error, EXTERNAL_ID_INDEX)) throw new ExternalIdTakenError();
      throw error;
    }
  }
}
