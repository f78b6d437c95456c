import { sql, type Expression, type SqlBool } from 'kysely';
import type { ThingOrganizations } from '@flare/core/permissions/thing-access';
import type { DeviceSettings } from '@flare/core/things/device-configuration';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';

/** Whether a write failed on the unique index of nicknames (one per organisation, any case). */
export const isNicknameClash = (error: unknown) =>
  isUniqueViolation(error, 'things_organization_nickname_key');

/** Who owns, manages and accesses a thing, and its device. */
export interface ThingOwnership extends ThingOrganizations {
  deviceId: string;
  managerIds: string[];
  accessorIds: string[];
}

export interface ThingFilter {
  /** Things owned by, or related to, one of these organisations; null: every organisation. */
  organizationIds: string[] | null;
  /** Only things changed after this time (deactivated ones included); otherwise active ones only. */
  changedSince?: Date | undefined;
}

export class ThingsRepository {
  constructor(private readonly db: Db) {}

  private filtered(filter: ThingFilter) {
    return this.db.selectFrom('things').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.organizationIds !== null) {
        const ids = filter.organizationIds;
        conditions.push(
          eb.or([
            eb('things.organization_id', 'in', ids),
            eb.exists(
              eb
                .selectFrom('thing_relationships as rel')
                .select(sql`1`.as('one'))
                .whereRef('rel.thing_id', '=', 'things.id')
                .where('rel.organization_id', 'in', ids),
            ),
          ]),
        );
      }
      // Changed since: the profile or the live state.
      const since = filter.changedSince;
      conditions.push(
        since
          ? eb.or([
              eb('things.updated_at', '>', since),
              eb.exists(
                eb
                  .selectFrom('thing_states as changed')
                  .select(sql`1`.as('one'))
                  .whereRef('changed.thing_id', '=', 'things.id')
                  .where('changed.updated_at', '>', since),
              ),
            ])
          : eb('things.is_active', '=', true),
      );
      return eb.and(conditions);
    });
  }

  async count(filter: ThingFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countByState(filter: ThingFilter) {
    return this.filtered(filter)
      .leftJoin('thing_states as s', 's.thing_id', 'things.id')
      .select([
        sql<string>`coalesce(s.status, 'offline')`.as('status'),
        sql<boolean>`coalesce(s.in_service, true)`.as('in_service'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy([sql`coalesce(s.status, 'offline')`, sql`coalesce(s.in_service, true)`])
      .execute();
  }

  async page(filter: ThingFilter, page: number, perPage: number): Promise<string[]> {
    const rows = await this.filtered(filter)
      .select('things.id')
      .orderBy('things.created_at')
      .orderBy('things.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The things of the filter that are responding now (status active: moving with lights on). */
  async respondingIds(filter: ThingFilter): Promise<string[]> {
    const rows = await this.filtered(filter)
      .innerJoin('thing_states as s', 's.thing_id', 'things.id')
      .where('s.status', '=', 'active')
      .select('things.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Full rows for the wire format, in the order of `ids`. */
  async details(ids: string[]) {
    if (ids.length === 0) return [];
    const [rows, relationships, identifiers] = await Promise.all([
      this.db
        .selectFrom('things')
        .innerJoin('thing_types as type', 'type.id', 'things.thing_type_id')
        .leftJoin('thing_subtypes as subtype', 'subtype.id', 'things.thing_subtype_id')
        .innerJoin('organizations as org', 'org.id', 'things.organization_id')
        .innerJoin('organization_types as org_type', 'org_type.id', 'org.organization_type_id')
        // A thing that never reported may have no live state yet: the defaults of a new one.
        .leftJoin('thing_states as s', 's.thing_id', 'things.id')
        // The incident it is on scene at (an asset is on at most one).
        .leftJoin('incident_things as scene', (join) =>
          join.onRef('scene.thing_id', '=', 'things.id').on('scene.end_time', 'is', null),
        )
        .selectAll('things')
        .select([
          's.lat',
          's.lng',
          's.speed',
          's.course',
          's.street',
          's.heartbeat_at',
          's.run_started_at',
          's.alarm',
          's.alarm_raised_at',
          's.station_id',
          'scene.incident_id',
          sql<boolean>`coalesce(s.enroute, false)`.as('enroute'),
          sql<boolean>`coalesce(s.in_service, true)`.as('in_service'),
          sql<string>`coalesce(s.status, 'offline')`.as('status'),
          sql<Date>`coalesce(s.status_changed_at, things.created_at)`.as('status_changed_at'),
          sql<number>`coalesce(s.run_alert_points, 0)`.as('run_alert_points'),
          sql<Date>`greatest(things.updated_at, s.updated_at)`.as('updated_at'),
          'type.name as type_name',
          'type.display_name as type_display_name',
          'type.emergency as type_emergency',
          'subtype.name as subtype_name',
          'subtype.display_name as subtype_display_name',
          'org.name as organization_name',
          'org_type.name as organization_type',
        ])
        .where('things.id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('thing_relationships as rel')
        .innerJoin('organizations as org', 'org.id', 'rel.organization_id')
        .select(['rel.thing_id', 'rel.organization_id', 'rel.relationship_type', 'org.name'])
        .where('rel.thing_id', 'in', ids)
        .orderBy('org.name')
        .execute(),
      this.db
        .selectFrom('thing_external_identifiers')
        .selectAll()
        .where('thing_id', 'in', ids)
        .orderBy('system_name')
        .execute(),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          ...row,
          relationships: relationships.filter((r) => r.thing_id === id),
          identifiers: identifiers.filter((i) => i.thing_id === id),
        },
      ];
    });
  }

  /** The organisations of each of the things (one query however many); unknown ids are left out. */
  async findOwnership(ids: string[]): Promise<Map<string, ThingOwnership>> {
    const things = new Map<string, ThingOwnership>();
    if (ids.length === 0) return things;
    const rows = await this.db
      .selectFrom('things')
      .leftJoin('thing_relationships as rel', 'rel.thing_id', 'things.id')
      .select([
        'things.id',
        'things.organization_id',
        'things.device_id',
        'rel.organization_id as related_id',
        'rel.relationship_type',
      ])
      .where('things.id', 'in', [...new Set(ids)])
      .execute();
    for (const row of rows) {
      const thing = things.get(row.id) ?? {
        deviceId: row.device_id,
        ownerId: row.organization_id,
        managerIds: [],
        accessorIds: [],
      };
      if (row.related_id)
        (row.relationship_type === 'manager' ? thing.managerIds : thing.accessorIds).push(row.related_id);
      things.set(row.id, thing);
    }
    return things;
  }

  /** Another asset of the organisation already called `nickname` (any case), if there is one. */
  findNicknameClash(organizationId: string, nickname: string, exceptId: string) {
    return this.db
      .selectFrom('things')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase())
      .where('id', '<>', exceptId)
      .executeTakeFirst();
  }

  findType(id: string) {
    return this.db.selectFrom('thing_types').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findSubtype(id: string) {
    return this.db.selectFrom('thing_subtypes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(
    id: string,
    changes: Partial<{
      nickname: string | null;
      thing_type_id: string;
      thing_subtype_id: string | null;
      vin_number: string | null;
      license_plate_number: string | null;
      registry_number: string | null;
      is_publicly_alerting: boolean;
      is_active: boolean;
      alerting_off_at: Date | null;
    }>,
    identifiers?: {
      upsert: Array<{ system_name: 'geotab' | 'samsara'; identifier_id: string }>;
      remove: string[];
    },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('things')
        .set({ ...changes, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      if (!identifiers) return;
      if (identifiers.remove.length > 0) {
        await trx
          .deleteFrom('thing_external_identifiers')
          .where('thing_id', '=', id)
          .where('system_name', 'in', identifiers.remove as Array<'geotab' | 'samsara'>)
          .execute();
      }
      for (const identifier of identifiers.upsert) {
        await trx
          .insertInto('thing_external_identifiers')
          .values({ thing_id: id, ...identifier })
          .onConflict((oc) =>
            oc.columns(['thing_id', 'system_name']).doUpdateSet({ identifier_id: identifier.identifier_id }),
          )
          .execute();
      }
    });
  }

  async setRelationships(
    id: string,
    changes: Array<{ organizationId: string; type: 'manager' | 'accessor' | 'delete' }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const change of changes) {
        if (change.type === 'delete') {
          await trx
            .deleteFrom('thing_relationships')
            .where('thing_id', '=', id)
            .where('organization_id', '=', change.organizationId)
            .execute();
        } else {
          const relationship_type = change.type;
          await trx
            .insertInto('thing_relationships')
            .values({ thing_id: id, organization_id: change.organizationId, relationship_type })
            .onConflict((oc) =>
              oc.columns(['thing_id', 'organization_id']).doUpdateSet({ relationship_type }),
            )
            .execute();
        }
      }
      await trx
        .updateTable('things')
        .set({ updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    });
  }

  async create(values: {
    device_id: string;
    device_type: string;
    thing_type_id: string;
    organization_id: string;
    nickname: string | null;
    device_credential_hash: string;
    device_credential_created_at: Date;
  }): Promise<string | null> {
    const row = await this.db
      .insertInto('things')
      .values(values)
      .onConflict((oc) => oc.column('device_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async deviceCredentialState(id: string) {
    return this.db
      .selectFrom('things')
      .select(['device_credential_created_at', 'legacy_device_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Replaces the device's credential (the old one stops working). */
  async setDeviceCredential(id: string, hash: string, issuedAt: Date): Promise<void> {
    await this.db
      .updateTable('things')
      .set({ device_credential_hash: hash, device_credential_created_at: issuedAt, updated_at: issuedAt })
      .where('id', '=', id)
      .execute();
  }

  deviceConfiguration(id: string) {
    return this.db
      .selectFrom('things')
      .select(['id', 'device_id', 'device_model', 'device_ports'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async setDeviceConfiguration(id: string, settings: DeviceSettings): Promise<void> {
    await this.db
      .updateTable('things')
      .set({
        device_model: settings.deviceModel,
        device_ports: JSON.stringify(settings.ports),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Alerting back on, if it is still off since `offAt` (nobody turned it on, or off again, since). */
  async resetAlerting(id: string, offAt: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('things')
      .set({ is_publicly_alerting: true, alerting_off_at: null, updated_at: new Date() })
      .where('id', '=', id)
      .where('is_publicly_alerting', '=', false)
      .where('alerting_off_at', '=', offAt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setTestMode(id: string, on: boolean): Promise<void> {
    await this.db
      .updateTable('things')
      .set({ test_mode: on, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async setLegacyDeviceId(id: string, legacy: boolean): Promise<void> {
    await this.db
      .updateTable('things')
      .set({ legacy_device_id: legacy, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Reports per thing over the last 24 h, in five-minute slots. */
  async coverage(ids: string[], since: Date) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('points')
      .select([
        'thing_id',
        (eb) => eb.fn.countAll<number>().as('points'),
        (eb) => eb.fn.max('recorded_at').as('last_report_at'),
        sql<number>`count(distinct floor(extract(epoch from recorded_at) / 300))`.as('slots'),
      ])
      .where('thing_id', 'in', ids)
      .where('recorded_at', '>=', since)
      .groupBy('thing_id')
      .execute();
  }
}

export type ThingDetailRow = Awaited<ReturnType<ThingsRepository['details']>>[number];
