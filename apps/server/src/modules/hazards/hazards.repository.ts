/**
 * The hazards module's tables: `hazards` and `hazard_photos`. It reads `users` and `things` for the
 * names of who reported or resolved a hazard, and writes nothing else.
 */
import type { Kysely, Selectable, SqlBool } from 'kysely';
import type { HazardSeverity, HazardStatusFilter, HazardType } from '@flare/core/schemas/hazard';
import type { Database } from '../../platform/db/schema';
import type { HazardsTable } from './hazards.tables';

export type HazardRow = Selectable<HazardsTable> & { has_photo: SqlBool };

export interface NewHazard {
  organizationId: string;
  hazardType: HazardType;
  severity: HazardSeverity;
  lat: number;
  lng: number;
  reportedAt: Date;
  reporter: { userId: string } | { thingId: string };
  note: string | null;
  photo: { contentType: string; data: Buffer } | null;
}

export interface HazardFilter {
  organizationIds: string[];
  types: HazardType[];
  severities: HazardSeverity[];
  status: HazardStatusFilter;
  start: Date;
  end: Date;
  limit: number;
}

export class HazardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectHazards() {
    return this.db
      .selectFrom('hazards')
      .selectAll('hazards')
      .select((eb) =>
        eb
          .exists(eb.selectFrom('hazard_photos').whereRef('hazard_photos.hazard_id', '=', 'hazards.id'))
          .as('has_photo'),
      );
  }

  /** Hazards reported in [start, end) matching the filter, newest first, at most `limit`. */
  search(filter: HazardFilter): Promise<HazardRow[]> {
    let query = this.selectHazards()
      .where('organization_id', 'in', filter.organizationIds)
      .where('hazard_type', 'in', filter.types)
      .where('severity', 'in', filter.severities)
      .where('reported_at', '>=', filter.start)
      .where('reported_at', '<', filter.end);
    if (filter.status === 'open') query = query.where('resolved_at', 'is', null);
    if (filter.status === 'resolved') query = query.where('resolved_at', 'is not', null);
    return query.orderBy('reported_at', 'desc').orderBy('id').limit(filter.limit).execute();
  }

  find(id: string): Promise<HazardRow | undefined> {
    return this.selectHazards().where('id', '=', id).executeTakeFirst();
  }

  async photo(hazardId: string): Promise<{ contentType: string; data: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('hazard_photos')
      .select(['content_type', 'data'])
      .where('hazard_id', '=', hazardId)
      .executeTakeFirst();
    // pg gives a Buffer, PGlite a Uint8Array.
    return row && { contentType: row.content_type, data: Buffer.from(row.data) };
  }

  /** The hazard and its photo, in one transaction; its id. */
  insert(hazard: NewHazard): Promise<string> {
    return this.db.transaction().execute(async (tx) => {
      const reporterName =
        'userId' in hazard.reporter
          ? await this.userName(tx, hazard.reporter.userId)
          : await this.thingName(tx, hazard.reporter.thingId);
      const { id } = await tx
        .insertInto('hazards')
        .values({
          organization_id: hazard.organizationId,
          hazard_type: hazard.hazardType,
          severity: hazard.severity,
          lat: hazard.lat,
          lng: hazard.lng,
          reported_at: hazard.reportedAt,
          reported_by_kind: 'userId' in hazard.reporter ? 'user' : 'thing',
          reported_by_user_id: 'userId' in hazard.reporter ? hazard.reporter.userId : null,
          reported_by_thing_id: 'thingId' in hazard.reporter ? hazard.reporter.thingId : null,
          reported_by_name: reporterName,
          note: hazard.note,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (hazard.photo)
        await tx
          .insertInto('hazard_photos')
          .values({ hazard_id: id, content_type: hazard.photo.contentType, data: hazard.photo.data })
          .execute();
      return id;
    });
  }

  /** Marks an open hazard resolved; false when it was resolved already (or is gone). */
  async resolve(id: string, userId: string, at: Date): Promise<boolean> {
    const name = await this.userName(this.db, userId);
    const result = await this.db
      .updateTable('hazards')
      .set({ resolved_at: at, resolved_by_user_id: userId, resolved_by_name: name })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  private async userName(db: Kysely<Database>, userId: string): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return 'Unknown user';
    return `${user.first_name} ${user.last_name}`.trim() || user.email;
  }

  private async thingName(db: Kysely<Database>, thingId: string): Promise<string> {
    const thing = await db
      .selectFrom('things')
      .select(['nickname', 'device_id'])
      .where('id', '=', thingId)
      .executeTakeFirst();
    return thing?.nickname ?? thing?.device_id ?? 'Unknown asset';
  }
}
