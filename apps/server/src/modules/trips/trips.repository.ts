/** Reads the stored points trips are made of (telemetry writes them). */
import type { Db } from '../../platform/db/database';
import type { StoredTripPoint } from '@flare/core/trips/trip-runs';

export class TripsRepository {
  constructor(private readonly db: Db) {}

  /** The asset's points that moved it (a position, accurate enough) in [start, end), oldest first. */
  async points(thingId: string, start: Date, end: Date): Promise<StoredTripPoint[]> {
    const rows = await this.db
      .selectFrom('points')
      .select(['id', 'recorded_at', 'lat', 'lng', 'speed', 'course', 'alerting'])
      .where('thing_id', '=', thingId)
      .where('recorded_at', '>=', start)
      .where('recorded_at', '<', end)
      .where('accepted', '=', true)
      .where('lat', 'is not', null)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      lat: r.lat!,
      lng: r.lng!,
      course: r.course,
      speed: r.speed,
      timestamp: new Date(r.recorded_at).getTime(),
      alerting: r.alerting,
    }));
  }
}
