import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export interface R2rAlertRow {
  organizationId: string;
  alertingThingId: string;
  alertedThingId: string;
  alerting: { lat: number; lng: number };
  alerted: { lat: number; lng: number };
  distanceM: number;
  at: Date;
}

/** An R2R-enabled asset as loaded at start: who sees it and its last position. */
export interface R2rAssetRow {
  id: string;
  organizationIds: string[];
  responder: boolean;
  lat: number | null;
  lng: number | null;
  heartbeatAt: Date | null;
}

export class R2rRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enabledAssets(): Promise<R2rAssetRow[]> {
    const rows = await this.db
      .selectFrom('things')
      .innerJoin('thing_types as type', 'type.id', 'things.thing_type_id')
      .leftJoin('thing_states as s', 's.thing_id', 'things.id')
      .leftJoin('thing_relationships as rel', 'rel.thing_id', 'things.id')
      .select([
        'things.id',
        'things.organization_id',
        'type.emergency',
        's.lat',
        's.lng',
        's.heartbeat_at',
        'rel.organization_id as related_id',
      ])
      .where('things.r2r_enabled', '=', true)
      .where('things.is_active', '=', true)
      .execute();
    const assets = new Map<string, R2rAssetRow>();
    for (const row of rows) {
      const asset = assets.get(row.id) ?? {
        id: row.id,
        organizationIds: [row.organization_id],
        responder: row.emergency,
        lat: row.lat,
        lng: row.lng,
        heartbeatAt: row.heartbeat_at,
      };
      if (row.related_id) asset.organizationIds.push(row.related_id);
      assets.set(row.id, asset);
    }
    return [...assets.values()];
  }

  async record(alerts: readonly R2rAlertRow[]): Promise<void> {
    if (alerts.length === 0) return;
    await this.db
      .insertInto('r2r_alerts')
      .values(
        alerts.map((a) => ({
          organization_id: a.organizationId,
          alerting_thing_id: a.alertingThingId,
          alerted_thing_id: a.alertedThingId,
          alerting_lat: a.alerting.lat,
          alerting_lng: a.alerting.lng,
          alerted_lat: a.alerted.lat,
          alerted_lng: a.alerted.lng,
          distance_m: a.distanceM,
          at: a.at,
        })),
      )
      .execute();
  }

  /** The alerts in [start, end) where the asset was either side, oldest first, with both names. */
  async search(thingId: string, start: Date, end: Date) {
    return this.db
      .selectFrom('r2r_alerts as a')
      .innerJoin('things as alerting', 'alerting.id', 'a.alerting_thing_id')
      .innerJoin('things as alerted', 'alerted.id', 'a.alerted_thing_id')
      .select([
        'a.id',
        'a.at',
        'a.distance_m',
        'a.alerting_thing_id',
        'alerting.nickname as alerting_nickname',
        'alerting.device_id as alerting_device_id',
        'a.alerting_lat',
        'a.alerting_lng',
        'a.alerted_thing_id',
        'alerted.nickname as alerted_nickname',
        'alerted.device_id as alerted_device_id',
        'a.alerted_lat',
        'a.alerted_lng',
      ])
      .where((eb) => eb.or([eb('a.alerting_thing_id', '=', thingId), eb('a.alerted_thing_id', '=', thingId)]))
      .where('a.at', '>=', start)
      .where('a.at', '<', end)
      .orderBy('a.at')
      .orderBy('a.id')
      .execute();
  }
}
