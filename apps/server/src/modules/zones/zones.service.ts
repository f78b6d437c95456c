/**
 * Alerting zones: the list of the organisations a caller sees, each with the wrong-way-driver assets
 * and active incidents along it (core's zone-reach rule decides which, and whether the zone is active
 * at the injected clock's now), and saves and deletes under core's zone-access rule.
 */
import { zoneAlert } from '@flare/core/alerts/alert-rules';
import { mayManageZone } from '@flare/core/permissions/zone-access';
import type { Alert } from '@flare/core/schemas/alert';
import {
  ZONE_DEFAULT_EXPIRY_MINUTES,
  ZONE_MESSAGES,
  ZONE_TYPE,
  type Zone,
  type ZoneInput,
} from '@flare/core/schemas/zone';
import { MESSAGES } from '@flare/core/messages';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import type { Incident } from '@flare/core/schemas/incident';
import { zoneActivity, type ZoneCandidate } from '@flare/core/zones/zone-reach';
import type { Principal } from '../../platform/auth-hook';
import { conflict, forbidden, notFound } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import type { AlertSources } from '../alerts/alert-sources.service';
import type { IncidentsService } from '../incidents/incidents.service';
import { HotspotTakenError, type ZonesRepository, type ZoneRow, type ZoneValues } from './zones.repository';

export class ZonesService {
  constructor(
    private readonly repository: ZonesRepository,
    private readonly accounts: AccountsService,
    private readonly incidents: Pick<IncidentsService, 'activeOf'>,
    /** Told each organisation whose zones changed (its motorist alerts may have). */
    private readonly alertSources: Pick<AlertSources, 'changed'>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(
    principal: Principal,
    requested: string | string[] | undefined,
    hotspotId?: string,
  ): Promise<Zone[]> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    const rows = await this.repository.list(organizationIds, hotspotId);
    return this.withActivity(rows);
  }

  /** The organisations' active zones as motorist alerts (wrong-way drivers). */
  async alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]> {
    const zones = await this.withActivity(await this.repository.list(organizationIds), now);
    return zones.flatMap((zone) => zoneAlert(zone) ?? []);
  }

  async create(principal: Principal, input: ZoneInput): Promise<Zone> {
    const organizationId = input.organization_id ?? principal.organizationId;
    if (!(await this.accounts.organizationNames([organizationId])).has(organizationId))
      throw notFound(MESSAGES.organizationNotFound);
    if (!mayManageZone(principal, { organizationId })) throw forbidden();
    const id = await this.saving(() =>
      this.repository.insert(organizationId, principal.userId, {
        ...valuesOf(input),
        default_expiry_minutes: input.default_expiry_minutes ?? ZONE_DEFAULT_EXPIRY_MINUTES,
      }),
    );
    this.alertSources.changed([organizationId]);
    return this.shown(id);
  }

  async update(principal: Principal, id: string, input: ZoneInput): Promise<Zone> {
    const zone = await this.visibleZone(principal, id);
    if (!mayManageZone(principal, { organizationId: zone.organization_id })) throw forbidden();
    if (!(await this.saving(() => this.repository.update(id, valuesOf(input)))))
      throw notFound(ZONE_MESSAGES.notFound);
    this.alertSources.changed([zone.organization_id]);
    return this.shown(id);
  }

  /** Deletes the zone; one already deleted answers 404 "Zone not found". */
  async delete(principal: Principal, id: string): Promise<{ id: string }> {
    const zone = await this.visibleZone(principal, id);
    if (!mayManageZone(principal, { organizationId: zone.organization_id })) throw forbidden();
    if (!(await this.repository.softDelete(id))) throw notFound(ZONE_MESSAGES.notFound);
    this.alertSources.changed([zone.organization_id]);
    return { id };
  }

  /** The zone if the caller sees its organisation; otherwise it does not exist for them. */
  private async visibleZone(principal: Principal, id: string): Promise<ZoneRow> {
    const zone = await this.repository.find(id);
    if (!zone || !(await this.accounts.canSeeOrganization(principal, zone.organization_id)))
      throw notFound(ZONE_MESSAGES.notFound);
    return zone;
  }

  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (error instanceof HotspotTakenError) throw conflict('hotspot_taken', ZONE_MESSAGES.hotspotTaken);
      throw error;
    }
  }

  private async shown(id: string): Promise<Zone> {
    const [zone] = await this.withActivity([(await this.repository.find(id))!]);
    return zone!;
  }

  /** Each zone with what lies along it: its organisation's wrong-way-driver assets and active incidents. */
  private async withActivity(rows: ZoneRow[], now = this.now()): Promise<Zone[]> {
    const organizationIds = [...new Set(rows.map((row) => row.organization_id))];
    const [things, incidents] = await Promise.all([
      this.repository.wrongWayThings(organizationIds),
      this.incidents.activeOf(organizationIds),
    ]);
    const candidates = byOrganization(
      things.map((thing) => ({
        organization_id: thing.organization_id,
        id: thing.id,
        name: primaryDisplayName({ nickname: thing.nickname, haas_id: thing.device_id }),
        lat: thing.lat,
        lng: thing.lng,
        status: thing.status,
      })),
    );
    const incidentsOf = byOrganization(incidents);
    return rows.map((row) =>
      toZone(row, {
        things: candidates.get(row.organization_id) ?? [],
        incidents: incidentsOf.get(row.organization_id) ?? [],
        now,
      }),
    );
  }
}

function valuesOf(input: ZoneInput): ZoneValues {
  return {
    zone_type: input.type,
    hotspot_id: input.hotspot_id,
    description: input.description || null,
    alert_message: input.alert_message || null,
    geometry: JSON.stringify(input.geometry),
    // Left out on update: the zone keeps its own.
    default_expiry_minutes: input.default_expiry_minutes,
  };
}

function byOrganization<T extends { organization_id: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items)
    groups.set(item.organization_id, [...(groups.get(item.organization_id) ?? []), item]);
  return groups;
}

function toZone(
  row: ZoneRow,
  nearby: { things: readonly ZoneCandidate[]; incidents: readonly Incident[]; now: number },
): Zone {
  return {
    id: row.id,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    external_id: row.hotspot_id,
    alerting_zone_type_name: ZONE_TYPE,
    alert_message: row.alert_message,
    description: row.description,
    features: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { hotspot_id: row.hotspot_id }, geometry: row.geometry }],
    },
    ...zoneActivity(row.geometry, { ...nearby, expiryMinutes: row.default_expiry_minutes }),
    default_expiry_minutes: row.default_expiry_minutes,
    updated_at: row.updated_at.toISOString(),
  };
}
