/**
 * The one ingest pipeline. Adapters (OsmAnd, the JSON batch API, MQTT, Traccar forwarding) parse their protocol and
 * authenticate, then hand raw reports here. Per request: read the reports (core's reader), resolve
 * their device routes once. Per batch of requests (the group commit): ask the context providers about
 * each asset, let the status engine compute the new states, commit points and states in one
 * statement, then let the sections take in what the reports changed for them (staged by their
 * providers: nothing of it when the commit fails) and emit `thing.states-changed`. A request is stored whole or refused whole, with the
 * reasons, as an IngestRejection.
 */
import { mayChangeThing } from '@flare/core/permissions/thing-access';
import { readReport, type DeviceReport, type RawReport } from '@flare/core/telemetry/report';
import type { EventBus } from '../../platform/bus/event-bus';
import type { ContextRegistry } from './thing-context.service';
import type { DeviceDirectory, DeviceIdentification } from './device-directory';
import type { DeviceRateLimit } from './device-rate-limit';
import { GroupCommit } from './group-commit';
import { IngestRejection, type RefusedReport } from './ingest-rejection';
import type { IngestStats } from './ingest-stats';
import { latestByThing, stateUpdates, subjectsOf, type RoutedReport } from './state-updates';
import type { DeviceRoute, TelemetryRepository } from './telemetry.repository';
import { toThingState } from './thing-state-event';

export interface IngestScope {
  /**
   * How reports name their device: by what devices present (their credential, or a legacy device's
   * System Id; the default), or by System Id (the batch API, whose caller is signed in).
   */
  identifiedBy?: DeviceIdentification;
  /** Only devices for which this holds may report in this request (the batch API's caller scope). */
  allowed?: (route: DeviceRoute) => boolean;
}

/**
 * The scope of a caller who names assets by System Id (the JSON batch API, Traccar forwarding a
 * fleet): reporting positions changes an asset, so it covers the assets the caller may edit (not
 * those it only sees), given the organisations it manages (null: every one).
 */
export const fleetScope = (managed: string[] | null): IngestScope => ({
  identifiedBy: 'systemId',
  allowed: (route) => mayChangeThing(managed, route),
});

export interface IngestPipelineDeps {
  repository: TelemetryRepository;
  directory: DeviceDirectory;
  contexts: ContextRegistry;
  events: EventBus;
  stats: IngestStats;
  deviceLimit: DeviceRateLimit;
}

export class IngestPipeline {
  private readonly batches: GroupCommit<RoutedReport>;

  constructor(private readonly deps: IngestPipelineDeps) {
    this.batches = new GroupCommit((batch) => this.commit(batch), deps.repository.isOutage);
  }

  get stats(): IngestStats {
    return this.deps.stats;
  }

  /** Stores the reports, resolving once they are committed; throws IngestRejection naming each refusal. */
  async ingest(raws: RawReport[], scope: IngestScope = {}): Promise<{ accepted: number }> {
    const reports = this.read(raws, Date.now());
    const routed = await this.route(reports, scope);
    await this.batches.write(routed);
    this.deps.stats.accepted += routed.length;
    return { accepted: routed.length };
  }

  /** Settles when every report acknowledged so far is committed (used on shutdown). */
  drained(): Promise<void> {
    return this.batches.idle();
  }

  private read(raws: RawReport[], now: number): DeviceReport[] {
    const reports: DeviceReport[] = [];
    const refused: RefusedReport[] = [];
    raws.forEach((raw, index) => {
      const read = readReport(raw, now);
      if (read.ok) reports.push(read.report);
      else {
        const future = read.reasons.some((reason) => reason.endsWith('in the future'));
        refused.push({
          index,
          kind: future ? 'future_timestamp' : 'invalid',
          reason: read.reasons.join('; '),
        });
      }
    });
    this.refuseIfAny(refused, raws.length);
    return reports;
  }

  /**
   * Who a device is, for its requests other than position reports (a hazard report): the same
   * credential check, refusals and per-device rate limit as its reports. Throws IngestRejection.
   */
  async identify(deviceId: string): Promise<DeviceRoute> {
    const [route] = await this.admit([deviceId], {});
    return route!;
  }

  private async route(reports: DeviceReport[], scope: IngestScope): Promise<RoutedReport[]> {
    const routes = await this.admit(
      reports.map((r) => r.deviceId),
      scope,
    );
    return reports.map((report, index) => ({ report, route: routes[index]! }));
  }

  /** The route of each device id, in order; refuses the whole request when one may not report now. */
  private async admit(deviceIds: string[], scope: IngestScope): Promise<DeviceRoute[]> {
    const routes = await this.deps.directory.resolve(deviceIds, scope.identifiedBy ?? 'credential');
    const refused: RefusedReport[] = [];
    const admitted = deviceIds.flatMap((deviceId, index): DeviceRoute[] => {
      const route = routes.get(deviceId);
      if (!route || (scope.allowed && !scope.allowed(route))) {
        refused.push({ index, kind: 'unknown_device', reason: `unknown device id "${deviceId}"` });
      } else if (!route.isActive) {
        refused.push({ index, kind: 'inactive_device', reason: `device "${deviceId}" is deactivated` });
      } else return [route];
      return [];
    });
    this.refuseIfAny(refused, deviceIds.length);
    this.refuseOverLimit(deviceIds, admitted);
    return admitted;
  }

  /** A device over its request limit makes the whole request wait (429). */
  private refuseOverLimit(deviceIds: string[], routes: DeviceRoute[]): void {
    const limit = this.deps.deviceLimit;
    const over = limit.admit(routes.map((route) => route.thingId));
    const refused = routes.flatMap((route, index): RefusedReport[] =>
      over.has(route.thingId)
        ? [{ index, kind: 'rate_limited', reason: `device "${deviceIds[index]}" reports too often` }]
        : [],
    );
    this.refuseIfAny(refused, routes.length, limit.retryAfterSeconds());
  }

  private refuseIfAny(refused: RefusedReport[], total: number, retryAfterSeconds = 0): void {
    if (refused.length === 0) return;
    for (const r of refused) this.deps.stats.reject(r.kind);
    throw new IngestRejection(refused, total - refused.length, total === 1, retryAfterSeconds);
  }

  /** One batch of the group commit: context, status engine, commit, events. */
  private async commit(batch: RoutedReport[]): Promise<void> {
    const stateless = [...new Set(batch.filter((r) => !r.route.hasState).map((r) => r.route.thingId))];
    if (stateless.length > 0) {
      await this.deps.repository.ensureStates(stateless);
      for (const { route } of batch) route.hasState = true;
    }
    const latest = latestByThing(batch);
    const { contexts, committed } = await this.deps.contexts.resolve(subjectsOf(batch, latest));
    const { points, updates } = stateUpdates(batch, contexts, Date.now());
    const stored = await this.deps.repository.commitBatch(points, updates);
    await committed();
    if (stored.length === 0) return;
    const movedTo = new Map(updates.map((u) => [u.thingId, u.position?.at.getTime() ?? null]));
    const states = stored.map((state) =>
      toThingState(
        state,
        latest.get(state.thing_id)!.route.organizationIds,
        movedTo.get(state.thing_id) !== null && state.position_at?.getTime() === movedTo.get(state.thing_id),
      ),
    );
    void this.deps.events.emit('thing.states-changed', { cause: 'report', states });
  }
}
