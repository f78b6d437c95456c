/** Assets: listing by organisation scope, edits, organisation access and registration. */
import {
  mayChangeThing,
  mayChangeThingOrganizations,
  mayRegisterThing,
  maySeeThing,
  type CallerOrganizations,
  type ThingOrganizations,
} from '@flare/core/permissions/thing-access';
import {
  NICKNAME_TAKEN,
  nicknameTakenReason,
  THING_MESSAGES,
  type Thing,
  type UpdateThingInput,
} from '@flare/core/schemas/thing';
import type { z } from 'zod';
import type {
  CreateThingInputSchema,
  ThingsQuerySchema,
  UpdateAssociationsInputSchema,
} from '@flare/core/schemas/thing';
import {
  countBucket,
  fromServerStatus,
  type CountBucket,
  type ServerStatus,
} from '@flare/core/status/thing-status';
import { isThingTypeAllowed } from '@flare/core/things/thing-edit';
import {
  OSMAND_INGEST_PATH,
  traccarClientSetupUrl,
  type DeviceCredentialState,
  type IssuedDeviceCredential,
} from '@flare/core/things/device-credential';
import type { DeviceConfiguration, DeviceSettings } from '@flare/core/things/device-configuration';
import { hashDeviceCredential, newDeviceCredential } from '../../platform/device-credentials';
import { conflict, unprocessable, type HttpError } from '../../platform/http-errors';
import type { Principal } from '../../platform/auth-hook';
import { parseQueryTime } from '../../platform/query-time';
import type { EventBus } from '../../platform/bus/event-bus';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { ALERTING_AUTO_RESET_MS } from '@flare/core/constants';
import { responderAlert } from '@flare/core/alerts/alert-rules';
import type { Alert } from '@flare/core/schemas/alert';
import { alertingResetJob } from './alerting-reset.job';
import type { AccountsService } from '../accounts/accounts.service';
import type { ThingStatesService } from '../telemetry/thing-states.service';
import { toDeviceConfigurationResponse, toThingResponse } from './things.mapper';
import { isNicknameClash, type ThingFilter, type ThingsRepository } from './things.repository';

const DAY_MS = 86_400_000;
const SLOTS_PER_DAY = 288;

type ThingNeed = 'read' | 'edit' | 'own';
const THING_RULES = {
  read: maySeeThing,
  edit: mayChangeThing,
  own: mayChangeThingOrganizations,
} satisfies Record<ThingNeed, (caller: CallerOrganizations, thing: ThingOrganizations) => boolean>;

export class ThingsService {
  constructor(
    private readonly repository: ThingsRepository,
    private readonly accounts: AccountsService,
    /** The assets' live states (telemetry's): the in-service flag and raised alarms live there. */
    private readonly states: ThingStatesService,
    private readonly events: EventBus,
    /** The server's public origin, for the address devices report to. */
    private readonly publicUrl: () => string,
    private readonly jobs: JobQueue,
  ) {}

  /** The organisations of a listing: those asked for, each of which the caller must see. */
  async list(principal: Principal, query: z.infer<typeof ThingsQuerySchema>) {
    const filter: ThingFilter = {
      organizationIds: await this.accounts.organizationScope(principal, query['org_ids[]']),
      changedSince: parseQueryTime('last_updated_timestamp', query.last_updated_timestamp),
    };
    const [total, ids] = await Promise.all([
      this.repository.count(filter),
      this.repository.page(filter, query.page, query.per_page),
    ]);
    const rows = await this.repository.details(ids);
    return { data: rows.map(toThingResponse), meta: { page: query.page, per_page: query.per_page, total } };
  }

  /** The organisations' responding assets as motorist alerts (core decides which warn drivers). */
  async alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]> {
    const ids = await this.repository.respondingIds({ organizationIds: [...organizationIds] });
    const rows = await this.repository.details(ids);
    return rows.flatMap((row) => responderAlert(toThingResponse(row), now) ?? []);
  }

  async count(principal: Principal, requested: string | string[] | undefined) {
    const groups = await this.repository.countByState({
      organizationIds: await this.accounts.organizationScope(principal, requested),
    });
    const totals: Record<CountBucket | 'total', number> = {
      total: 0,
      online: 0,
      offline: 0,
      outOfService: 0,
    };
    for (const group of groups) {
      const n = Number(group.n);
      totals.total += n;
      totals[countBucket(group.in_service, fromServerStatus(group.status as ServerStatus))] += n;
    }
    return {
      total: totals.total,
      online: totals.online,
      offline: totals.offline,
      out_of_service: totals.outOfService,
    };
  }

  /**
   * The thing's organisations (owner first) if the caller may act on it, else "Asset not found".
   * Reading: the caller sees the owner or an organisation the thing names. Editing: the caller
   * manages the owner or a managing organisation. Changing its organisations: the caller manages the
   * owner. (The rules are core's permissions/thing-access, shared with ingest.)
   */
  private async authorise(principal: Principal, id: string, need: ThingNeed) {
    const thing = (await this.authoriseAll(principal, [id], need)).get(id)!;
    const organizationIds = [thing.ownerId, ...thing.managerIds, ...thing.accessorIds];
    return { organizationIds, deviceId: thing.deviceId };
  }

  /** Authorises every one of the things at once: two queries however many things. */
  private async authoriseAll(principal: Principal, ids: string[], need: ThingNeed) {
    const [things, callerOrgs] = await Promise.all([
      this.repository.findOwnership(ids),
      need === 'read'
        ? this.accounts.visibleOrganizationIds(principal)
        : this.accounts.managedOrganizationIds(principal),
    ]);
    const allowed = THING_RULES[need];
    for (const id of ids) {
      const thing = things.get(id);
      if (!thing || !allowed(callerOrgs, thing)) throw unprocessable('not_found', THING_MESSAGES.notFound);
    }
    return things;
  }

  /** The reset job: alerting back on, if still off since `offAt`; tells the live feed. */
  async resetAlerting(id: string, offAt: Date): Promise<void> {
    if (await this.repository.resetAlerting(id, offAt)) await this.announce(id);
  }

  /** The device confirmed its test mode (an R2R test): the asset shows it, here and on the live feed. */
  async setTestMode(id: string, on: boolean): Promise<Thing> {
    await this.repository.setTestMode(id, on);
    return this.announce(id);
  }

  /**
   * Tells every process about the asset as stored now, to its owner and the organisations that manage
   * or access it: after a change made outside the API's own updates (a device's confirmation, an
   * asset provisioned by writing its row).
   */
  async announce(id: string): Promise<Thing> {
    const { ownerId, managerIds, accessorIds } = (await this.repository.findOwnership([id])).get(id)!;
    return this.changed(id, [ownerId, ...managerIds, ...accessorIds]);
  }

  /** Whether the caller sees the asset (false also when there is none). */
  async maySee(principal: Principal, id: string): Promise<boolean> {
    const [things, callerOrgs] = await Promise.all([
      this.repository.findOwnership([id]),
      this.accounts.visibleOrganizationIds(principal),
    ]);
    const thing = things.get(id);
    return thing !== undefined && THING_RULES.read(callerOrgs, thing);
  }

  async get(principal: Principal, id: string): Promise<Thing> {
    await this.authorise(principal, id, 'read');
    return this.load(id);
  }

  async update(principal: Principal, id: string, input: UpdateThingInput): Promise<Thing> {
    const { organizationIds } = await this.authorise(principal, id, 'edit');
    const current = await this.load(id);
    // Nicknames tell an organisation's assets apart on the map and in lists: one per asset.
    if (
      input.nickname &&
      (await this.repository.findNicknameClash(organizationIds[0]!, input.nickname, id))
    ) {
      throw nicknameTaken(input.nickname);
    }
    if (input.thing_type_id) {
      const type = await this.repository.findType(input.thing_type_id);
      if (!type) throw unprocessable('invalid_type', 'Asset type not found');
      // Emergency assets stay emergency types.
      if (!isThingTypeAllowed(current.thing_type, type))
        throw unprocessable('invalid_type', THING_MESSAGES.emergencyTypeOnly);
    }
    if (input.thing_subtype_id) {
      const typeId = input.thing_type_id ?? current.thing_type.id;
      const subtype = await this.repository.findSubtype(input.thing_subtype_id);
      if (!subtype || subtype.thing_type_id !== typeId) {
        throw unprocessable('invalid_subtype', THING_MESSAGES.subtypeMismatch);
      }
    }
    const { id: _id, external_identifiers, in_service, ...fields } = input;
    // A new type clears the subtype unless one of the new type is given.
    if (input.thing_type_id && input.thing_subtype_id === undefined) fields.thing_subtype_id = null;
    const identifiers = external_identifiers && {
      upsert: external_identifiers
        .filter((e) => !e.isDeleted)
        .map(({ system_name, identifier_id }) => ({ system_name, identifier_id })),
      remove: external_identifiers.filter((e) => e.isDeleted).map((e) => e.system_name),
    };
    // Alerting turned off comes back on by itself after an hour, unless changed again meanwhile.
    const alertingOff = !input.is_publicly_alerting && current.is_publicly_alerting;
    const offAt = new Date();
    if (alertingOff) Object.assign(fields, { alerting_off_at: offAt });
    if (input.is_publicly_alerting) Object.assign(fields, { alerting_off_at: null });
    await this.repository.update(id, fields, identifiers).catch(refuseNicknameClash(input.nickname));
    if (in_service !== current.in_service) await this.states.setInService(id, in_service);
    if (alertingOff) {
      await this.jobs.send(
        alertingResetJob,
        { thing_id: id, off_at: offAt.toISOString() },
        { startAfter: ALERTING_AUTO_RESET_MS / 1000 },
      );
    }
    return this.changed(id, organizationIds);
  }

  /**
   * Acknowledges the alarm raised at `raisedAt`, the one the caller saw (anyone who sees the asset
   * may); the asset after it. Already acknowledged by someone else: the same answer. Another alarm
   * raised since: 409, and it stays raised.
   */
  async acknowledgeAlarm(principal: Principal, id: string, raisedAt: Date): Promise<Thing> {
    await this.authorise(principal, id, 'read');
    const outcome = await this.states.acknowledgeAlarm(id, raisedAt, principal.userId);
    if (outcome === 'newer') throw conflict('newer_alarm', THING_MESSAGES.newerAlarm);
    return this.load(id);
  }

  async updateAssociations(
    principal: Principal,
    id: string,
    input: z.infer<typeof UpdateAssociationsInputSchema>,
  ): Promise<Thing> {
    const { organizationIds } = await this.authorise(principal, id, 'own');
    const targets = input.organization_relationships.map((r) => r.organization_uuid);
    const names = await this.accounts.organizationNames(targets);
    if (targets.some((org) => !names.has(org)))
      throw unprocessable('not_found', THING_MESSAGES.organizationNotFound);
    if (targets.includes(organizationIds[0]!)) {
      throw unprocessable('invalid_relationship', THING_MESSAGES.ownerRelationship);
    }
    // New access goes only to organisations the caller sees; existing relations may change or go.
    const visible = await this.accounts.visibleOrganizationIds(principal);
    const related = new Set(organizationIds.slice(1));
    const outOfScope = input.organization_relationships.some(
      (r) =>
        r.relationship_type !== 'delete' &&
        visible !== null &&
        !visible.includes(r.organization_uuid) &&
        !related.has(r.organization_uuid),
    );
    if (outOfScope) throw unprocessable('not_found', THING_MESSAGES.organizationNotFound);
    await this.repository.setRelationships(
      id,
      input.organization_relationships.map((r) => ({
        organizationId: r.organization_uuid,
        type: r.relationship_type,
      })),
    );
    return this.changed(id, [...new Set([...organizationIds, ...targets])]);
  }

  /**
   * Registers a device as an asset of an organisation the caller manages (any other: as if it did not
   * exist), with its first credential.
   */
  async create(
    principal: Principal,
    input: z.infer<typeof CreateThingInputSchema>,
  ): Promise<Thing & { device_credential: IssuedDeviceCredential }> {
    const [names, managed] = await Promise.all([
      this.accounts.organizationNames([input.organization_id]),
      this.accounts.managedOrganizationIds(principal),
    ]);
    if (!names.has(input.organization_id) || !mayRegisterThing(managed, input.organization_id))
      throw unprocessable('not_found', THING_MESSAGES.organizationNotFound);
    if (!(await this.repository.findType(input.thing_type_id)))
      throw unprocessable('invalid_type', 'Asset type not found');
    const credential = newDeviceCredential();
    const issuedAt = new Date();
    const id = await this.repository
      .create({
        device_id: input.device_id,
        device_type: input.device_type,
        thing_type_id: input.thing_type_id,
        organization_id: input.organization_id,
        nickname: input.nickname ?? null,
        device_credential_hash: hashDeviceCredential(credential),
        device_credential_created_at: issuedAt,
      })
      .catch(refuseNicknameClash(input.nickname));
    if (!id) throw unprocessable('duplicate_device', `Device id "${input.device_id}" is already registered`);
    const thing = await this.changed(id, [input.organization_id]);
    return {
      ...thing,
      device_credential: this.issued(credential, {
        issued_at: issuedAt.toISOString(),
        legacy_device_id: false,
      }),
    };
  }

  async deviceCredential(principal: Principal, id: string): Promise<DeviceCredentialState> {
    await this.authorise(principal, id, 'edit');
    const row = await this.repository.deviceCredentialState(id);
    return {
      issued_at: row.device_credential_created_at?.toISOString() ?? null,
      legacy_device_id: row.legacy_device_id,
    };
  }

  /** A new credential for the device, shown this once; the previous one stops working at once. */
  async rotateDeviceCredential(principal: Principal, id: string): Promise<IssuedDeviceCredential> {
    const { organizationIds } = await this.authorise(principal, id, 'edit');
    const credential = newDeviceCredential();
    const issuedAt = new Date();
    await this.repository.setDeviceCredential(id, hashDeviceCredential(credential), issuedAt);
    await this.changed(id, organizationIds);
    return this.issued(credential, await this.deviceCredential(principal, id));
  }

  /** Allows or stops reports that name the asset by its System Id alone. */
  async setLegacyDeviceId(principal: Principal, id: string, legacy: boolean): Promise<DeviceCredentialState> {
    const { organizationIds } = await this.authorise(principal, id, 'edit');
    await this.repository.setLegacyDeviceId(id, legacy);
    await this.changed(id, organizationIds);
    return this.deviceCredential(principal, id);
  }

  /** The asset's device configuration document; changing the asset is needed to read it as to set it. */
  async deviceConfiguration(principal: Principal, id: string): Promise<DeviceConfiguration> {
    await this.authorise(principal, id, 'edit');
    return toDeviceConfigurationResponse(await this.repository.deviceConfiguration(id));
  }

  async setDeviceConfiguration(
    principal: Principal,
    id: string,
    settings: DeviceSettings,
  ): Promise<DeviceConfiguration> {
    await this.authorise(principal, id, 'edit');
    await this.repository.setDeviceConfiguration(id, settings);
    return toDeviceConfigurationResponse(await this.repository.deviceConfiguration(id));
  }

  private issued(credential: string, state: DeviceCredentialState): IssuedDeviceCredential {
    const serverUrl = `${this.publicUrl()}${OSMAND_INGEST_PATH}`;
    return {
      ...state,
      device_credential: credential,
      server_url: serverUrl,
      setup_url: traccarClientSetupUrl(serverUrl, credential),
    };
  }

  async coverage(principal: Principal, ids: string[]) {
    await this.authoriseAll(principal, ids, 'read');
    const rows = new Map(
      (await this.repository.coverage(ids, new Date(Date.now() - DAY_MS))).map((r) => [r.thing_id, r]),
    );
    return ids.map((id) => {
      const row = rows.get(id);
      return {
        thing_id: id,
        points_24h: Number(row?.points ?? 0),
        last_report_at: row?.last_report_at ? new Date(row.last_report_at).toISOString() : null,
        coverage: Math.min(1, Number(row?.slots ?? 0) / SLOTS_PER_DAY),
      };
    });
  }

  private async load(id: string): Promise<Thing> {
    const [row] = await this.repository.details([id]);
    if (!row) throw unprocessable('not_found', THING_MESSAGES.notFound);
    return toThingResponse(row);
  }

  /** Tells every server process (device directories, live feed) before the API answers. */
  private async changed(id: string, organizationIds: string[]): Promise<Thing> {
    const thing = await this.load(id);
    await this.events.emit('thing.changed', {
      thing,
      organization_ids: organizationIds,
      device_ids: [thing.haas_id],
    });
    return thing;
  }
}

/** Another asset of the organisation has the nickname (any case): one nickname per asset. */
function nicknameTaken(nickname: string): HttpError {
  return unprocessable(NICKNAME_TAKEN, `${THING_MESSAGES.nicknameLocked}: ${nicknameTakenReason(nickname)}`);
}

/** The nickname index refuses a clash the check missed (two edits at once): the same 422. */
function refuseNicknameClash(nickname: string | null | undefined) {
  return (error: unknown): never => {
    throw isNicknameClash(error) && nickname ? nicknameTaken(nickname) : error;
  };
}
