/**
 * Hazards: the hazard report (types, severities, status and time range over the organisations a
 * caller sees), one hazard and its photo, reports by users (from the map) and by devices (through
 * the ingest API, already identified by the telemetry module), and resolving. A hazard belongs to one
 * organisation: the reporting user's (or one they manage), or the reporting asset's owner.
 */
import { HAZARD_ALERT_MS, hazardAlert } from '@flare/core/alerts/alert-rules';
import {
  defaultHazardWindow,
  deviceHazardTime,
  hazardReportProblem,
  hazardTypesOf,
  photoTypeOf,
} from '@flare/core/hazards/hazard-rules';
import { MESSAGES } from '@flare/core/messages';
import { mayReportHazardFor } from '@flare/core/permissions/hazard-access';
import {
  HAZARD_MESSAGES,
  HAZARD_REPORT,
  HAZARD_SEVERITY_IDS,
  HAZARD_TYPE_IDS,
  type CreateHazardInput,
  type DeviceHazardReport,
  type Hazard,
  type HazardPhotoInput,
  type Hazards,
  type HazardsQuery,
} from '@flare/core/schemas/hazard';
import type { Alert } from '@flare/core/schemas/alert';
import type { Principal } from '../../platform/auth-hook';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http-errors';
import { parseQueryTime } from '../../platform/query-time';
import type { AccountsService } from '../accounts/accounts.service';
import type { AlertSources } from '../alerts/alert-sources.service';
import { toHazard } from './hazards.mapper';
import type { HazardRow, HazardsRepository, NewHazard } from './hazards.repository';

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The photo's bytes, when they are the image type the caller says. */
function decodePhoto(photo: HazardPhotoInput | null | undefined): NewHazard['photo'] {
  if (!photo) return null;
  const data = Buffer.from(photo.data, 'base64');
  if (photoTypeOf(data) !== photo.content_type) throw badRequest('invalid_photo', HAZARD_MESSAGES.photoType);
  return { contentType: photo.content_type, data };
}

/** Open hazards an organisation's alerts carry at most (the newest): a day of reports is far fewer. */
const HAZARD_ALERTS_MAX = 10_000;

export class HazardsService {
  constructor(
    private readonly repository: HazardsRepository,
    private readonly accounts: AccountsService,
    /** Told each organisation whose hazards changed (its motorist alerts may have). */
    private readonly alertSources: Pick<AlertSources, 'changed'>,
  ) {}

  async search(principal: Principal, query: HazardsQuery): Promise<Hazards> {
    const organizationIds = await this.accounts.organizationScope(principal, query['org_ids[]']);
    const now = Date.now();
    const end = parseQueryTime('end_time', query.end_time)?.getTime() ?? defaultHazardWindow(now).end;
    const start =
      parseQueryTime('start_time', query.start_time)?.getTime() ?? end - HAZARD_REPORT.defaultWindowMs;
    const types = listOf(query['types[]']);
    const severities =
      query['severities[]'] === undefined ? HAZARD_SEVERITY_IDS : listOf(query['severities[]']);
    const problem = hazardReportProblem({ types, severities, start, end }, now);
    if (problem) throw badRequest('invalid_request', problem.message);
    const rows = await this.repository.search({
      organizationIds,
      types: hazardTypesOf(types),
      severities: [...severities],
      status: query.status ?? 'all',
      start: new Date(start),
      end: new Date(end),
      limit: HAZARD_REPORT.maxResults + 1,
    });
    return {
      hazards: rows.slice(0, HAZARD_REPORT.maxResults).map(toHazard),
      truncated: rows.length > HAZARD_REPORT.maxResults,
    };
  }

  /** The organisations' open hazards of the last HAZARD_ALERT_MS as motorist alerts. */
  async alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]> {
    const rows = await this.repository.search({
      organizationIds: [...organizationIds],
      types: [...HAZARD_TYPE_IDS],
      severities: [...HAZARD_SEVERITY_IDS],
      status: 'open',
      start: new Date(now - HAZARD_ALERT_MS),
      // A device may report a little ahead of our clock.
      end: new Date(now + HAZARD_ALERT_MS),
      limit: HAZARD_ALERTS_MAX,
    });
    return rows.flatMap((row) => hazardAlert(toHazard(row), now) ?? []);
  }

  async get(principal: Principal, id: string): Promise<Hazard> {
    return toHazard(await this.visible(principal, id));
  }

  async photo(principal: Principal, id: string): Promise<{ contentType: string; data: Buffer }> {
    await this.visible(principal, id);
    const photo = await this.repository.photo(id);
    if (!photo) throw notFound(HAZARD_MESSAGES.photoUnavailable);
    return photo;
  }

  /** A user's report, dated now, in their organisation or one they manage. */
  async create(principal: Principal, input: CreateHazardInput): Promise<Hazard> {
    const organizationId = input.organization_id ?? principal.organizationId;
    if (organizationId !== principal.organizationId) {
      const managed = await this.accounts.managedOrganizationIds(principal);
      const exists = (await this.accounts.organizationNames([organizationId])).has(organizationId);
      if (!exists || !mayReportHazardFor(organizationId, principal.organizationId, managed))
        throw notFound(MESSAGES.organizationNotFound);
    }
    return this.insert({
      ...this.fields(input),
      organizationId,
      reportedAt: new Date(),
      reporter: { userId: principal.userId },
    });
  }

  /** A device's report, for the organisation owning its asset, dated by its timestamp. */
  async reportFromDevice(
    device: { thingId: string; ownerId: string },
    input: DeviceHazardReport,
  ): Promise<Hazard> {
    const time = deviceHazardTime(input.timestamp, Date.now());
    if ('problem' in time) throw badRequest('invalid_request', time.problem);
    return this.insert({
      ...this.fields(input),
      organizationId: device.ownerId,
      reportedAt: new Date(time.at),
      reporter: { thingId: device.thingId },
    });
  }

  /** Resolves an open hazard of an organisation the caller manages. */
  async resolve(principal: Principal, id: string): Promise<Hazard> {
    const hazard = await this.visible(principal, id);
    const managed = await this.accounts.managedOrganizationIds(principal);
    if (managed !== null && !managed.includes(hazard.organization_id)) throw forbidden();
    if (hazard.resolved_at || !(await this.repository.resolve(id, principal.userId, new Date())))
      throw conflict('already_resolved', HAZARD_MESSAGES.alreadyResolved);
    this.alertSources.changed([hazard.organization_id]);
    return this.get(principal, id);
  }

  private fields(input: CreateHazardInput | DeviceHazardReport) {
    return {
      hazardType: input.hazard_type,
      severity: input.severity,
      lat: input.lat,
      lng: input.lng,
      note: input.note || null,
      photo: decodePhoto(input.photo),
    };
  }

  private async insert(hazard: NewHazard): Promise<Hazard> {
    const row = await this.repository.find(await this.repository.insert(hazard));
    this.alertSources.changed([hazard.organizationId]);
    return toHazard(row!);
  }

  /** The hazard, when the caller's organisations see it; 404 "Hazard not found" otherwise. */
  private async visible(principal: Principal, id: string): Promise<HazardRow> {
    const hazard = await this.repository.find(id);
    if (!hazard || !(await this.accounts.canSeeOrganization(principal, hazard.organization_id)))
      throw notFound(HAZARD_MESSAGES.notFound);
    return hazard;
  }
}
