/**
 * Alerting zones: the list of the organisations a caller sees, each with the wrong-way-driver assets
 * along it (core's zone-reach rule decides which, and whether the zone is active), and saves and
 * deletes under core's zone-access rule.
 */
import { mayManageZone } from '@flare/core/permissions/zone-access';
import {
  ZONE_MESSAGES,
  ZONE_TYPE,
  type AlertingZone,
  type AlertingZoneInput,
} from '@flare/core/schemas/alerting-zone';
import { MESSAGES } from '@flare/core/messages';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { thingsAlongZone, type ZoneCandidate } from '@flare/core/zones/zone-reach';
import type { Principal } from '../../platform/auth-hook';
import { conflict, forbidden, notFound } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import {
  HotspotTakenError,
  type AlertingZonesRepository,
  type ZoneRow,
  type ZoneValues,
} from './alerting-zones.repository';

export class AlertingZonesService {
  constructor(
    private readonly repository: AlertingZonesRepository,
    private readonly accounts: AccountsService,
  ) {}

  async list(
    principal: Principal,
    requested: string | string[] | undefined,
    hotspotId?: string,
  ): Promise<AlertingZone[]> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    const rows = await this.repository.list(organizationIds, hotspotId);
    return this.withThings(rows);
  }

  async create(principal: Principal, input: AlertingZoneInput): Promise<AlertingZone> {
    const organizationId = input.organization_id ?? principal.organizationId;
    if (!(await this.accounts.organizationNames([organizationId])).has(organizationId))
      throw notFound(MESSAGES.organizationNotFound);
    if (!mayManageZone(principal, { organizationId })) throw forbidden();
    const id = await this.saving(() =>
      this.repository.insert(organizationId, principal.userId, valuesOf(input)),
    );
    return this.shown(id);
  }

  async update(principal: Principal, id: string, input: AlertingZoneInput): Promise<AlertingZone> {
    const zone = await this.visibleZone(principal, id);
    if (!mayManageZone(principal, { organizationId: zone.organization_id })) throw forbidden();
    if (!(await this.saving(() => this.repository.update(id, valuesOf(input)))))
      throw notFound(ZONE_MESSAGES.notFound);
    return this.shown(id);
  }

  /** Deletes the zone; one already deleted answers 404 "Zone not found". */
  async delete(principal: Principal, id: string): Promise<{ id: string }> {
    const zone = await this.visibleZone(principal, id);
    if (!mayManageZone(principal, { organizationId: zone.organization_id })) throw forbidden();
    if (!(await this.repository.softDelete(id))) throw notFound(ZONE_MESSAGES.notFound);
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

  private async shown(id: string): Promise<AlertingZone> {
    const [zone] = await this.withThings([(await this.repository.find(id))!]);
    return zone!;
  }

  private async withThings(rows: ZoneRow[]): Promise<AlertingZone[]> {
    const organizationIds = [...new Set(rows.map((row) => row.organization_id))];
    const candidates = new Map<string, ZoneCandidate[]>();
    for (const thing of await this.repository.wrongWayThings(organizationIds)) {
      const list = candidates.get(thing.organization_id) ?? [];
      list.push({
        id: thing.id,
        name: primaryDisplayName({ nickname: thing.nickname, haas_id: thing.device_id }),
        lat: thing.lat,
        lng: thing.lng,
        status: thing.status,
      });
      candidates.set(thing.organization_id, list);
    }
    return rows.map((row) => toZone(row, candidates.get(row.organization_id) ?? []));
  }
}

function valuesOf(input: AlertingZoneInput): ZoneValues {
  return {
    zone_type: input.type,
    hotspot_id: input.hotspot_id,
    description: input.description || null,
    alert_message: input.alert_message || null,
    geometry: JSON.stringify(input.geometry),
  };
}

function toZone(row: ZoneRow, candidates: readonly ZoneCandidate[]): AlertingZone {
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
    ...thingsAlongZone(row.geometry, candidates),
    updated_at: row.updated_at.toISOString(),
  };
}
