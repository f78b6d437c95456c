/**
 * Areas: the list of the organisations a caller sees, and saves and deletes under core's rules
 * (shape: areaShapeOf; who: area-access). Each change is published as `area.changed`, so every
 * process's station index follows it. The nearest area names incidents that have no street.
 */
import { nearestArea, type NearArea } from '@flare/core/areas/nearest-area';
import { mayAddArea, mayDeleteArea, mayEditArea } from '@flare/core/permissions/area-access';
import { AREA_MESSAGES, areaShapeOf, type Area, type AreaInput } from '@flare/core/schemas/area';
import { MESSAGES } from '@flare/core/messages';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { forbidden, notFound, unprocessable } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import { stationShapeOf, toArea, toAreaValues } from './areas.mapper';
import type { AreaRow, AreasRepository } from './areas.repository';

export class AreasService {
  constructor(
    private readonly repository: AreasRepository,
    private readonly accounts: AccountsService,
    private readonly events: EventBus,
  ) {}

  async list(principal: Principal, requested: string | string[] | undefined): Promise<Area[]> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    return (await this.repository.list(organizationIds)).map(toArea);
  }

  /** The organisation's saved area (any type) that names a place without a street, or null. */
  async nearestArea(
    organizationId: string,
    position: { lat: number; lng: number },
  ): Promise<NearArea | null> {
    const rows = await this.repository.list([organizationId]);
    return nearestArea(
      position,
      rows.map((row) => ({ name: row.name, shape: stationShapeOf(row) })),
    );
  }

  async create(principal: Principal, input: AreaInput): Promise<Area> {
    const organizationId = input.organization_id ?? principal.organizationId;
    if (!(await this.accounts.organizationNames([organizationId])).has(organizationId))
      throw notFound(MESSAGES.organizationNotFound);
    const type = await this.typeOf(input);
    if (!mayAddArea(principal, { organizationId, avType: type.is_av_type })) throw forbidden();
    const id = await this.repository.insert(organizationId, principal.userId, this.valuesOf(input));
    return this.changed(organizationId, id);
  }

  async update(principal: Principal, id: string, input: AreaInput): Promise<Area> {
    const area = await this.visibleArea(principal, id);
    const type = await this.typeOf(input);
    const subject = { organizationId: area.organization_id };
    if (
      !mayEditArea(principal, { ...subject, avType: area.ez_type_is_av_type }) ||
      !mayEditArea(principal, { ...subject, avType: type.is_av_type })
    )
      throw forbidden();
    if (!(await this.repository.update(id, this.valuesOf(input)))) throw notFound(AREA_MESSAGES.notFound);
    return this.changed(area.organization_id, id);
  }

  /** Deletes the area; one already deleted answers 404 "Area not found", which callers treat as done. */
  async delete(principal: Principal, id: string): Promise<{ id: string }> {
    const area = await this.visibleArea(principal, id);
    if (!mayDeleteArea(principal, { organizationId: area.organization_id, avType: area.ez_type_is_av_type }))
      throw forbidden();
    if (!(await this.repository.softDelete(id))) throw notFound(AREA_MESSAGES.notFound);
    await this.events.emit('area.changed', { organization_id: area.organization_id, area_id: id });
    return { id };
  }

  /** The area if the caller sees its organisation; otherwise it does not exist for them. */
  private async visibleArea(principal: Principal, id: string): Promise<AreaRow> {
    const area = await this.repository.find(id);
    if (!area || !(await this.accounts.canSeeOrganization(principal, area.organization_id)))
      throw notFound(AREA_MESSAGES.notFound);
    return area;
  }

  private async typeOf(input: AreaInput) {
    const type = await this.repository.ezType(input.ez_type_id);
    if (!type) throw unprocessable('unknown_type', AREA_MESSAGES.unableToSave);
    return type;
  }

  private valuesOf(input: AreaInput) {
    const shape = areaShapeOf(input);
    if (shape.problem) throw unprocessable('invalid_shape', shape.problem);
    return toAreaValues(input, shape.kind);
  }

  private async changed(organizationId: string, id: string): Promise<Area> {
    await this.events.emit('area.changed', { organization_id: organizationId, area_id: id });
    return toArea((await this.repository.find(id))!);
  }
}
