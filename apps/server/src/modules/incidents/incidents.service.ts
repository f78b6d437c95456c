/**
 * Incidents: the locations API (list, active, a user's edit), publishing each change as
 * `incident.changed`, and the assets that leave without a report (silent, or set out of service).
 */
import { extentError, isGeoMarker } from '@flare/core/incidents/incident-extent';
import { withinMoveLimit } from '@flare/core/incidents/move-limit';
import type { NearArea } from '@flare/core/areas/nearest-area';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { sceneAlert } from '@flare/core/alerts/alert-rules';
import type { Alert } from '@flare/core/schemas/alert';
import {
  INCIDENTS_FETCHED_DAYS,
  INCIDENT_MESSAGES,
  MAX_STORED_INCIDENTS,
  type Incident,
  type IncidentUpdate,
} from '@flare/core/schemas/incident';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { unprocessable } from '../../platform/http-errors';
import { parseQueryTime } from '../../platform/query-time';
import type { AccountsService } from '../accounts/accounts.service';
import type { ThingStatesService } from '../telemetry/thing-states.service';
import type { IncidentFilter, IncidentsRepository } from './incidents.repository';
import { toIncidents } from './incident.mapper';

/** What names where an incident is (its title, core's incidentPlace). */
export interface PlaceNaming {
  /** Asks for the place to be named later (a job), so nothing waits for the geocoder. */
  request: (incidentId: string) => Promise<unknown>;
  /** The street at a position; null when no geocoder is configured. */
  streetAt: ((lat: number, lng: number) => Promise<string | null>) | null;
  nearArea: (organizationId: string, position: { lat: number; lng: number }) => Promise<NearArea | null>;
}

const DAY_MS = 86_400_000;

export class IncidentsService {
  constructor(
    private readonly repository: IncidentsRepository,
    private readonly accounts: AccountsService,
    private readonly thingStates: ThingStatesService,
    private readonly events: EventBus,
    private readonly places: PlaceNaming,
  ) {}

  /** Active incidents and those that started in the last 7 days (or since start_date), newest first. */
  async list(
    principal: Principal,
    query: { 'org_ids[]'?: string | string[]; start_date?: string; last_updated_timestamp?: string },
  ): Promise<Incident[]> {
    const now = Date.now();
    return this.locations(
      {
        organizationIds: await this.accounts.organizationScope(principal, query['org_ids[]']),
        startedSince:
          parseQueryTime('start_date', query.start_date) ?? new Date(now - INCIDENTS_FETCHED_DAYS * DAY_MS),
        changedSince: parseQueryTime('last_updated_timestamp', query.last_updated_timestamp),
        limit: MAX_STORED_INCIDENTS,
      },
      now,
    );
  }

  async active(principal: Principal, requested: string | string[] | undefined): Promise<Incident[]> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    return this.locations({ organizationIds, activeOnly: true, limit: MAX_STORED_INCIDENTS }, Date.now());
  }

  /** The organisations' active incidents, for a feed or their zones; the caller has checked access. */
  activeOf(organizationIds: readonly string[]): Promise<Incident[]> {
    return this.locations(
      { organizationIds: [...organizationIds], activeOnly: true, limit: MAX_STORED_INCIDENTS },
      Date.now(),
    );
  }

  /** The organisations' active incidents as motorist alerts (scenes). */
  async alertsOf(organizationIds: readonly string[]): Promise<Alert[]> {
    return (await this.activeOf(organizationIds)).flatMap((incident) => sceneAlert(incident) ?? []);
  }

  /**
   * Moves an active incident (at most 100 m from where it was detected), sets its roadway heading and,
   * when given, its extent (a Point clears it).
   */
  async update(principal: Principal, id: string, input: IncidentUpdate): Promise<Incident> {
    const incident = await this.repository.find(id);
    if (!incident || !(await this.accounts.canSeeOrganization(principal, incident.organization_id)))
      throw unprocessable('not_found', INCIDENT_MESSAGES.notFound);
    if (input.organization_id !== incident.organization_id)
      throw unprocessable('no_access', INCIDENT_MESSAGES.noAccess);
    if (incident.end_time !== null) throw unprocessable('inactive', INCIDENT_MESSAGES.noLongerActive);
    if (!withinMoveLimit({ lat: incident.start_lat, lng: incident.start_lng }, input))
      throw unprocessable('too_far', INCIDENT_MESSAGES.tooFar);
    const extentProblem = input.features && extentError(input.features, input);
    if (extentProblem) throw unprocessable('invalid_extent', extentProblem);
    const moved = await this.repository.move(id, {
      lat: input.lat,
      lng: input.lng,
      roadwayHeading: input.roadway_heading % 360,
      extent: input.features && (isGeoMarker(input.features) ? input.features : null),
    });
    if (!moved) throw unprocessable('inactive', INCIDENT_MESSAGES.noLongerActive);
    await this.requestPlace(id);
    const [location] = await this.publish([id]);
    return location!;
  }

  /** Where it is (opened or moved), the incident's place will be named. */
  async requestPlace(incidentId: string): Promise<void> {
    await this.places.request(incidentId);
  }

  /**
   * The place job: names the incident's street (kept when the geocoder finds none) and its saved area
   * from where it is now. A failing geocoder fails the job, to be retried, after the area is saved.
   */
  async namePlace(incidentId: string): Promise<void> {
    const incident = await this.repository.find(incidentId);
    if (!incident) return;
    const nearArea = await this.places.nearArea(incident.organization_id, incident);
    let street: string | null = null;
    let geocoderFailure: Error | null = null;
    try {
      street = (await this.places.streetAt?.(incident.lat, incident.lng)) ?? null;
    } catch (error) {
      geocoderFailure = error instanceof Error ? error : new Error(String(error));
    }
    const unchanged =
      (street === null || street === incident.street) &&
      nearArea?.name === (incident.near_area_name ?? undefined) &&
      nearArea?.distance_m === (incident.near_area_distance_m ?? undefined);
    if (!unchanged) {
      await this.repository.setPlace(incidentId, { street, nearArea });
      await this.publish([incidentId]);
    }
    if (geocoderFailure) throw geocoderFailure;
  }

  /** Emits `incident.changed` for each incident, as stored now; returns them. */
  async publish(incidentIds: Iterable<string>): Promise<Incident[]> {
    const ids = [...incidentIds];
    const locations = await this.locations({ organizationIds: null, ids, limit: ids.length }, Date.now());
    await Promise.all(
      locations.map((location) =>
        this.events.emit('incident.changed', { location, organization_ids: [location.organization_id] }),
      ),
    );
    return locations;
  }

  /** Assets on scene without a report for 10 minutes leave (the incidents sweep job). */
  async releaseSilent(now = Date.now()): Promise<number> {
    const stints = await this.repository.silentStints(new Date(now - SCENE_RULES.silentMs));
    return this.release(stints, now);
  }

  /** An asset set out of service by a user leaves its incident. */
  async releaseThing(thingId: string, now = Date.now()): Promise<number> {
    return this.release(await this.repository.stintsOfThing(thingId), now);
  }

  private async release(stints: { incident_id: string; thing_id: string }[], now: number): Promise<number> {
    const left = [];
    for (const stint of stints)
      if (await this.repository.leave(stint.incident_id, stint.thing_id, new Date(now))) left.push(stint);
    if (left.length === 0) return 0;
    await this.publish(new Set(left.map((stint) => stint.incident_id)));
    await this.thingStates.reevaluate(
      left.map((stint) => stint.thing_id),
      now,
    );
    return left.length;
  }

  private async locations(filter: IncidentFilter, now: number): Promise<Incident[]> {
    const rows = await this.repository.list(filter);
    return toIncidents(rows, await this.repository.stints(rows.map((row) => row.id)), now);
  }
}
