/**
 * What the WZDx feeds read and write: an organisation's published closures and work-zone devices,
 * the time its published data last changed, feed closures saved from external feeds, and the state
 * of each external feed.
 */
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { FeedPublisher, PublishedClosure } from '@flare/core/wzdx/work-zone-feed';
import type { PublishedDevice } from '@flare/core/wzdx/device-feed';
import type { Db } from '../../platform/db/database';
import type { ClosuresTable } from './closures.tables';

/** A feed closure's columns, from its road event. */
export type FeedClosureValues = Omit<
  Insertable<ClosuresTable>,
  'id' | 'organization_id' | 'closure_type' | 'feed_url' | 'feed_event_id' | 'feed_fingerprint'
>;

export interface FeedSourceState {
  organization_id: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  version: string | null;
  polled_at: Date | null;
  succeeded_at: Date | null;
  error: string | null;
  event_count: number;
  skipped: Record<string, number>;
}

export class WzdxRepository {
  constructor(private readonly db: Db) {}

  async publisher(organizationId: string): Promise<FeedPublisher | null> {
    const row = await this.db
      .selectFrom('organizations')
      .select(['id', 'name', 'contact_name', 'email'])
      .where('id', '=', organizationId)
      .executeTakeFirst();
    return row
      ? { id: row.id, name: row.name, contactName: row.contact_name, contactEmail: row.email }
      : null;
  }

  /**
   * When the organisation's published data last changed: its last closure change (every save, switch
   * and delete stamps `updated_at`) or its own (name, contact). Null: no such organisation.
   */
  async publishedDataChangedAt(organizationId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('organizations as org')
      .select((eb) => [
        'org.updated_at',
        eb
          .selectFrom('closures')
          .select((inner) => inner.fn.max('closures.updated_at').as('at'))
          .whereRef('closures.organization_id', '=', 'org.id')
          .as('closures_at'),
      ])
      .where('org.id', '=', organizationId)
      .executeTakeFirst();
    if (!row) return null;
    const closuresAt = row.closures_at ? new Date(row.closures_at) : new Date(0);
    return closuresAt > row.updated_at ? closuresAt : row.updated_at;
  }

  /** The closures published under a work-zone id that are active, or scheduled and not yet over. */
  async published(organizationId: string, now: Date): Promise<PublishedClosure[]> {
    const rows = await this.db
      .selectFrom('closures')
      .select([
        'external_id',
        'closure_type',
        'description',
        'direction',
        'impacted_lanes',
        'route_path',
        'road_names',
        'street_start',
        'street_end',
        'is_active',
        'start_time',
        'end_time',
        'location_method',
        'vehicle_impact',
        'group_id',
        'created_at',
        'updated_at',
      ])
      .where('organization_id', '=', organizationId)
      .where('deleted_at', 'is', null)
      .where('is_publish_on', '=', true)
      .where('external_id', 'is not', null)
      .where('location_method', 'is not', null)
      .where('vehicle_impact', 'is not', null)
      .where(sql<boolean>`jsonb_array_length(road_names) > 0`)
      .where((eb) =>
        eb.or([
          eb('is_active', '=', true),
          eb.and([eb('is_scheduled', '=', true), eb('end_time', '>', now)]),
        ]),
      )
      .orderBy('external_id')
      .execute();
    return rows.map(({ route_path, ...row }) => ({
      ...row,
      external_id: row.external_id!,
      location_method: row.location_method!,
      vehicle_impact: row.vehicle_impact!,
      route: route_path.coordinates,
    }));
  }

  /** The organisation's WZDx-enabled assets that have a position, with their active closures' ids. */
  async devices(organizationId: string): Promise<PublishedDevice[]> {
    const rows = await this.db
      .selectFrom('things')
      .innerJoin('thing_states as state', 'state.thing_id', 'things.id')
      .innerJoin('thing_types as type', 'type.id', 'things.thing_type_id')
      .select((eb) => [
        'things.id',
        'things.nickname',
        'things.device_id',
        'type.name as type_name',
        'state.lat',
        'state.lng',
        'state.speed',
        'state.heartbeat_at',
        'state.position_at',
        eb
          .selectFrom('closures')
          .select(
            sql<string[]>`coalesce(array_agg(closures.external_id order by closures.external_id), '{}')`.as(
              'ids',
            ),
          )
          .whereRef('closures.thing_id', '=', 'things.id')
          .where('closures.is_active', '=', true)
          .where('closures.is_publish_on', '=', true)
          .where('closures.external_id', 'is not', null)
          .where('closures.deleted_at', 'is', null)
          .as('road_event_ids'),
      ])
      .where('things.organization_id', '=', organizationId)
      .where('things.wzdx_enabled', '=', true)
      .where('state.lat', 'is not', null)
      .where('state.lng', 'is not', null)
      .where('state.position_at', 'is not', null)
      .orderBy('things.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.nickname ?? row.device_id,
      isArrowBoard: row.type_name === 'arrow_board',
      lng: row.lng!,
      lat: row.lat!,
      speed: row.speed,
      heartbeatAt: row.heartbeat_at,
      positionAt: row.position_at!,
      roadEventIds: row.road_event_ids ?? [],
    }));
  }

  /**
   * Saves a road event of an external feed as a feed closure: new ones added, changed ones updated,
   * unchanged ones (same fingerprint) left alone. The closure's id when it was written.
   */
  async saveFeedClosure(
    organizationId: string,
    feedUrl: string,
    eventId: string,
    fingerprint: string,
    values: FeedClosureValues,
  ): Promise<string | null> {
    const existing = await this.db
      .selectFrom('closures')
      .select(['id', 'feed_fingerprint'])
      .where('organization_id', '=', organizationId)
      .where('closure_type', '=', 'feed')
      .where('feed_url', '=', feedUrl)
      .where('feed_event_id', '=', eventId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (existing?.feed_fingerprint === fingerprint) return null;
    if (existing) {
      await this.db
        .updateTable('closures')
        .set({ ...values, feed_fingerprint: fingerprint, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const { id } = await this.db
      .insertInto('closures')
      .values({
        ...values,
        organization_id: organizationId,
        closure_type: 'feed',
        feed_url: feedUrl,
        feed_event_id: eventId,
        feed_fingerprint: fingerprint,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Deletes the feed's closures whose road events have left it; their ids. */
  async removeFeedClosuresExcept(
    organizationId: string,
    feedUrl: string,
    keptEventIds: readonly string[],
  ): Promise<string[]> {
    let query = this.db
      .updateTable('closures')
      .set({ deleted_at: new Date(), is_active: false, updated_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('closure_type', '=', 'feed')
      .where('feed_url', '=', feedUrl)
      .where('deleted_at', 'is', null);
    if (keptEventIds.length > 0) query = query.where('feed_event_id', 'not in', keptEventIds);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  async source(organizationId: string, url: string): Promise<FeedSourceState | undefined> {
    return this.db
      .selectFrom('wzdx_feed_sources')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('url', '=', url)
      .executeTakeFirst();
  }

  async sources(): Promise<FeedSourceState[]> {
    return this.db.selectFrom('wzdx_feed_sources').selectAll().orderBy('url').execute();
  }

  /** Records a poll: on success the validators and counts, on failure only the error (the rest kept). */
  async recordPoll(
    organizationId: string,
    url: string,
    result:
      | {
          ok: true;
          etag: string | null;
          lastModified: string | null;
          version: string | null;
          eventCount: number;
          skipped: Record<string, number>;
        }
      | { ok: true; notModified: true }
      | { ok: false; error: string },
  ): Promise<void> {
    const now = new Date();
    const fields = !result.ok
      ? { polled_at: now, error: result.error }
      : 'notModified' in result
        ? { polled_at: now, succeeded_at: now, error: null }
        : {
            polled_at: now,
            succeeded_at: now,
            error: null,
            etag: result.etag,
            last_modified: result.lastModified,
            version: result.version,
            event_count: result.eventCount,
            skipped: JSON.stringify(result.skipped),
          };
    await this.db
      .insertInto('wzdx_feed_sources')
      .values({ organization_id: organizationId, url, ...fields })
      .onConflict((oc) => oc.columns(['organization_id', 'url']).doUpdateSet(fields))
      .execute();
  }
}
