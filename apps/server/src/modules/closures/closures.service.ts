/**
 * Closures: the list of the organisations a caller sees (status worked out by core from the asset's
 * last check-in), saves under core's rules (shape: ClosureInputSchema; time and organisation:
 * closureProblems; who: closure-access), the list's quick Activate/Deactivate of manual closures, and
 * deletes. Each change is recorded in the closure's history (who made it: a user, the schedule, the
 * asset's check-in or the feed) and then published as `closure.changed` with the closure (the
 * active-closure index, the asset's status and the live feed follow it, and find the history written);
 * a scheduled closure's start and end are sent to the job queue, and so is the naming of the streets
 * left empty (with a geocoder configured).
 */
import { closureAlert } from '@flare/core/alerts/alert-rules';
import { closureHistoryAction } from '@flare/core/closures/closure-history';
import { closureProblems } from '@flare/core/closures/closure-rules';
import { closureCounts } from '@flare/core/closures/closure-status';
import { MESSAGES } from '@flare/core/messages';
import { mayAddClosure, mayDeleteClosure, mayEditClosure } from '@flare/core/permissions/closure-access';
import {
  CLOSURE_MESSAGES,
  type Closure,
  type ClosureInput,
  type ClosureQuickUpdate,
  type ClosureStatus,
} from '@flare/core/schemas/closure';
import type { ClosureChangeSource, ClosureHistoryEntry } from '@flare/core/schemas/closure-history';
import type { Alert } from '@flare/core/schemas/alert';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { forbidden, notFound, unprocessable } from '../../platform/http-errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { StreetGeocoder } from '../../platform/street-geocoder';
import type { AccountsService } from '../accounts/accounts.service';
import { closureScheduleJob } from './closure-schedule.job';
import { closureStreetsJob } from './closure-streets.job';
import type { ClosureHistoryRepository } from './closure-history.repository';
import { savesNothingNew, toClosure, toClosureHistoryEntry, toClosureValues } from './closures.mapper';
import { ExternalIdTakenError, type ClosureRow, type ClosuresRepository } from './closures.repository';

/** Who made a change: a user, or the schedule, the asset's check-in or the feed. */
export type ChangedBy = { source: 'user'; userId: string } | { source: Exclude<ClosureChangeSource, 'user'> };
export const BY_FEED: ChangedBy = { source: 'feed' };
const byUser = (principal: Principal): ChangedBy => ({ source: 'user', userId: principal.userId });

export class ClosuresService {
  constructor(
    private readonly repository: ClosuresRepository,
    private readonly history: ClosureHistoryRepository,
    private readonly accounts: AccountsService,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly geocoder: StreetGeocoder | null,
  ) {}

  async list(
    principal: Principal,
    requested: string | string[] | undefined,
    since: string | undefined,
  ): Promise<{ data: Closure[]; counts: Record<ClosureStatus, number> }> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    const now = Date.now();
    const data = (await this.repository.list(organizationIds, since ? new Date(since) : undefined)).map(
      (row) => toClosure(row, now),
    );
    return { data, counts: closureCounts(data) };
  }

  /** The organisations' active closures as motorist alerts (road closures and work zones). */
  async alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]> {
    const rows = await this.repository.list(organizationIds);
    return rows.flatMap((row) => closureAlert(toClosure(row, now)) ?? []);
  }

  async create(principal: Principal, input: ClosureInput): Promise<Closure> {
    const organizationId = input.organization_id ?? principal.organizationId;
    if (!(await this.accounts.organizationNames([organizationId])).has(organizationId))
      throw notFound(MESSAGES.organizationNotFound);
    if (!mayAddClosure(principal, organizationId, 'any')) throw forbidden();
    const now = new Date();
    await this.check(organizationId, input, now);
    const id = await this.saving(() =>
      this.repository.insert(organizationId, principal.userId, toClosureValues(input, now)),
    );
    return this.changed(id, byUser(principal));
  }

  /** The whole closure, or the list's quick update (`uuid, is_active, end_time`) of a manual one. */
  async update(principal: Principal, id: string, input: ClosureInput | ClosureQuickUpdate): Promise<Closure> {
    const closure = await this.visibleClosure(principal, id);
    if (closure.closure_type === 'feed') throw unprocessable('not_managed', CLOSURE_MESSAGES.notManaged);
    const subject = { organizationId: closure.organization_id, closureType: closure.closure_type };
    if (!mayEditClosure(principal, subject, 'any')) throw forbidden();
    const now = new Date();
    if ('uuid' in input) {
      if (input.uuid !== id) throw notFound(CLOSURE_MESSAGES.notFound);
      if (closure.closure_type !== 'manual')
        throw unprocessable('not_manual', CLOSURE_MESSAGES.quickUpdateFailed);
      const at = input.is_active ? now : input.end_time ? new Date(input.end_time) : now;
      if (!(await this.repository.switchActive(id, input.is_active, at)))
        throw notFound(CLOSURE_MESSAGES.notFound);
      return this.changed(id, byUser(principal), closure.thing_id);
    }
    await this.check(closure.organization_id, input, now);
    const values = toClosureValues(input, now);
    if (!(await this.saving(() => this.repository.update(id, values))))
      throw notFound(CLOSURE_MESSAGES.notFound);
    // Opened and saved as it was: published again, but not a change for its history.
    const by = savesNothingNew(closure, values, now) ? null : byUser(principal);
    return this.changed(id, by, closure.thing_id);
  }

  /** Deletes the closure; one already deleted answers 404 "Closure not found". */
  async delete(principal: Principal, id: string): Promise<{ id: string }> {
    const closure = await this.visibleClosure(principal, id);
    if (closure.closure_type === 'feed') throw unprocessable('not_managed', CLOSURE_MESSAGES.notManaged);
    if (
      !mayDeleteClosure(principal, {
        organizationId: closure.organization_id,
        closureType: closure.closure_type,
      })
    )
      throw forbidden();
    if (!(await this.repository.softDelete(id))) throw notFound(CLOSURE_MESSAGES.notFound);
    await this.deleted(id, byUser(principal));
    return { id };
  }

  /** The job: a scheduled closure's start or end has come. */
  async applySchedule(closureId: string, action: 'activate' | 'deactivate', at: string): Promise<void> {
    if (!(await this.repository.applySchedule(closureId, action, new Date(at)))) return;
    const closure = await this.repository.find(closureId);
    if (closure) await this.publish(closure, { source: 'schedule' });
  }

  /**
   * The asset checked in after a silence that had left its switched-off automated closures pending or
   * offline: they are standby again (their status follows its check-ins), so they are published.
   */
  async assetBack(thingId: string): Promise<void> {
    for (const closure of await this.repository.switchedOffAutomated(thingId))
      await this.publish(closure, { source: 'asset' });
  }

  /** The streets job: names the streets left empty from the route's first and last points. */
  async nameStreets(closureId: string): Promise<void> {
    const closure = await this.repository.find(closureId);
    if (!closure || closure.deleted_at || !this.geocoder) return;
    const geocoder = this.geocoder;
    const points = closure.route_path.coordinates;
    const streetAt = async (named: string | null, point: readonly [number, number] | undefined) =>
      named ?? (point ? geocoder.streetAt(point[1], point[0]) : null);
    const street_start = await streetAt(closure.street_start, points[0]);
    const street_end = await streetAt(closure.street_end, points.at(-1));
    if (street_start === closure.street_start && street_end === closure.street_end) return;
    if (!(await this.repository.fillStreets(closureId, { street_start, street_end }))) return;
    const named = await this.repository.find(closureId);
    // The server's own follow-up of a save: not a change anyone made.
    if (named) await this.publish(named, null);
  }

  private async check(organizationId: string, input: ClosureInput, now: Date): Promise<void> {
    const wzdxOrganization = await this.repository.isWzdxOrganization(organizationId);
    const [problem] = closureProblems(input, { now, wzdxOrganization });
    if (problem) throw unprocessable(`invalid_${problem.path}`, problem.message);
    if (
      input.closure_type === 'automated' &&
      !(await this.repository.ownsThing(organizationId, input.thing_id!))
    )
      throw unprocessable('unknown_thing', THING_MESSAGES.notFound);
  }

  /** The closure if the caller sees its organisation; otherwise it does not exist for them. */
  private async visibleClosure(principal: Principal, id: string): Promise<ClosureRow> {
    const closure = await this.repository.find(id);
    if (!closure || !(await this.accounts.canSeeOrganization(principal, closure.organization_id)))
      throw notFound(CLOSURE_MESSAGES.notFound);
    return closure;
  }

  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      // The catalogue's client mapping looks for these words.
      if (error instanceof ExternalIdTakenError)
        throw unprocessable(
          'external_id_taken',
          `${CLOSURE_MESSAGES.idInUse} (violates unique work-zone id)`,
        );
      throw error;
    }
  }

  /** The closure's changes, newest first, for whoever sees the closure (others: 404 as for the closure). */
  async listHistory(principal: Principal, id: string): Promise<{ data: ClosureHistoryEntry[] }> {
    await this.visibleClosure(principal, id);
    return { data: (await this.history.list(id)).map(toClosureHistoryEntry) };
  }

  /** After a delete: records it and tells every process. */
  async deleted(id: string, by: ChangedBy): Promise<void> {
    await this.publish((await this.repository.find(id, { deleted: true }))!, by);
  }

  /**
   * After a save: records it (`by` null: a save that changed nothing), tells every process (and the
   * asset it left), schedules the closure's start and end and the naming of its empty streets, answers
   * the closure.
   */
  async changed(id: string, by: ChangedBy | null, previousThingId: string | null = null): Promise<Closure> {
    const closure = (await this.repository.find(id))!;
    await this.publish(closure, by, previousThingId);
    // A feed names its own streets (or has none to name): only the dashboard's closures are named.
    if (this.geocoder && closure.closure_type !== 'feed' && (!closure.street_start || !closure.street_end))
      await this.jobs.send(closureStreetsJob, { closure_id: id }, { singletonKey: id });
    const now = Date.now();
    for (const [action, time] of [
      ['activate', closure.is_scheduled && !closure.is_active ? closure.start_time : null],
      ['deactivate', closure.end_time],
    ] as const) {
      if (time && time.getTime() > now)
        await this.jobs.send(
          closureScheduleJob,
          { closure_id: id, action, at: time.toISOString() },
          { startAfter: time },
        );
    }
    return toClosure(closure, now);
  }

  /**
   * Records the change `by` made (none for the server's own follow-ups), then tells every process
   * (indexes, statuses, live feed) about the closure as stored now, for its asset and the one it left.
   */
  private async publish(
    closure: ClosureRow,
    by: ChangedBy | null,
    previousThingId: string | null = null,
  ): Promise<void> {
    if (by)
      await this.history.record({
        closure_id: closure.id,
        action: closureHistoryAction(
          await this.history.lastState(closure.id),
          { is_active: closure.is_active, is_deleted: closure.deleted_at !== null },
          by.source,
        ),
        source: by.source,
        user_id: by.source === 'user' ? by.userId : null,
        is_active: closure.is_active,
      });
    const emit = (thingId: string | null) =>
      this.events.emit('closure.changed', {
        organization_id: closure.organization_id,
        closure_id: closure.id,
        thing_id: thingId,
        closure: toClosure(closure, Date.now()),
      });
    await emit(closure.thing_id);
    if (previousThingId && previousThingId !== closure.thing_id) await emit(previousThingId);
  }
}
