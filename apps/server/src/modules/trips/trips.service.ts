/** An asset's trips: the runs of its stored points in a window of at most 24 hours. */
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { TRIP_MESSAGES, tripWindowError, type Trip } from '@flare/core/schemas/trip';
import { buildRuns } from '@flare/core/trips/trip-runs';
import type { z } from 'zod';
import type { TripsQuerySchema } from '@flare/core/schemas/trip';
import { badRequest, notFound } from '../../platform/http-errors';
import type { Principal } from '../../platform/auth-hook';
import { parseQueryTime } from '../../platform/query-time';
import type { ThingsService } from '../things/things.service';
import type { TripsRepository } from './trips.repository';

export class TripsService {
  constructor(
    private readonly repository: TripsRepository,
    private readonly things: ThingsService,
  ) {}

  async trips(principal: Principal, thingId: string, query: z.infer<typeof TripsQuerySchema>): Promise<Trip> {
    const start = parseQueryTime('start_time', query.start_time)!;
    const end = parseQueryTime('end_time', query.end_time)!;
    const runDate = parseQueryTime('run_date', query.run_date);
    if (runDate && runDate.getTime() !== start.getTime())
      throw badRequest('invalid_request', TRIP_MESSAGES.runDateMismatch);
    const now = Date.now();
    const problem = tripWindowError(start.getTime(), end.getTime(), now);
    if (problem) throw badRequest('invalid_request', problem);
    if (!(await this.things.maySee(principal, thingId))) throw notFound(THING_MESSAGES.notFound);
    return this.build(thingId, start, end, now);
  }

  /** The trip itself, for callers that have checked access and the window. */
  async build(thingId: string, start: Date, end: Date, now = Date.now()): Promise<Trip> {
    const points = await this.repository.points(thingId, start, end);
    return {
      thing_id: thingId,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      runs: buildRuns(points, now),
    };
  }
}
