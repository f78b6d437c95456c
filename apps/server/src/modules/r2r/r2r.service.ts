/** The R2R section's search: an asset's R2R alerts, either side, in 15 minutes from a start time. */
import { R2R_ALERTS, r2rSearchError } from '@flare/core/r2r/r2r-alert';
import type { R2rAlerts } from '@flare/core/schemas/r2r-alert';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import type { Principal } from '../../platform/auth-hook';
import { badRequest, notFound } from '../../platform/http-errors';
import { parseQueryTime } from '../../platform/query-time';
import type { ThingsService } from '../things/things.service';
import type { R2rRepository } from './r2r.repository';

export class R2rService {
  constructor(
    private readonly repository: R2rRepository,
    private readonly things: ThingsService,
  ) {}

  async search(principal: Principal, query: { thing_id: string; start_time: string }): Promise<R2rAlerts> {
    const start = parseQueryTime('start_time', query.start_time)!;
    const problem = r2rSearchError(start.getTime(), Date.now());
    if (problem) throw badRequest('invalid_request', problem);
    if (!(await this.things.maySee(principal, query.thing_id))) throw notFound(THING_MESSAGES.notFound);
    const end = new Date(start.getTime() + R2R_ALERTS.searchWindowMs);
    // Only alerts whose other asset the caller may see too: another organisation's asset is not shown.
    const found = await this.repository.search(query.thing_id, start, end);
    const visible = new Map<string, boolean>([[query.thing_id, true]]);
    for (const row of found)
      for (const id of [row.alerting_thing_id, row.alerted_thing_id])
        if (!visible.has(id)) visible.set(id, await this.things.maySee(principal, id));
    const rows = found.filter(
      (row) => visible.get(row.alerting_thing_id) && visible.get(row.alerted_thing_id),
    );
    return {
      thing_id: query.thing_id,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      alerts: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        distance_m: Math.round(row.distance_m),
        alerting: {
          id: row.alerting_thing_id,
          name: row.alerting_nickname ?? row.alerting_device_id,
          lat: row.alerting_lat,
          lng: row.alerting_lng,
        },
        alerted: {
          id: row.alerted_thing_id,
          name: row.alerted_nickname ?? row.alerted_device_id,
          lat: row.alerted_lat,
          lng: row.alerted_lng,
        },
      })),
    };
  }
}
