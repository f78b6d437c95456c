/**
 * Changes to assets' live states that do not come from reports: time passing (the status sweep), a
 * section's context changing (an incident or closure starting or ending: that section calls
 * `reevaluate`), and users' actions (the in-service flag, acknowledging an alarm). Status changes and
 * acknowledgements are emitted as `thing.states-changed`, like the pipeline's.
 */
import type { StateChangeCause } from '@flare/core/events/thing-events';
import { statusOf, toServerStatus } from '@flare/core/status/thing-status';
import type { EventBus } from '../../platform/bus/event-bus';
import type { ContextRegistry } from './thing-context.service';
import type { DeviceDirectory } from './device-directory';
import type { StatusSubjectRow, StoredState, TelemetryRepository } from './telemetry.repository';
import { toThingState } from './thing-state-event';

export class ThingStatesService {
  constructor(
    private readonly repository: TelemetryRepository,
    private readonly directory: DeviceDirectory,
    private readonly contexts: ContextRegistry,
    private readonly events: EventBus,
  ) {}

  /** Applies the status rule again to these things (a section's context of them changed). */
  async reevaluate(thingIds: string[], now = Date.now()): Promise<number> {
    return this.applyStatusRule(await this.repository.statusSubjects(thingIds), 'context', now);
  }

  /** The status rule applied to things as read; moves those whose status changed. */
  async applyStatusRule(things: StatusSubjectRow[], cause: StateChangeCause, now: number): Promise<number> {
    if (things.length === 0) return 0;
    const routes = new Map(
      (await this.directory.routesOfThings(things.map((t) => t.id))).map((r) => [r.thingId, r]),
    );
    const { contexts } = await this.contexts.resolve(
      things.map((t) => ({
        thingId: t.id,
        organizationIds: routes.get(t.id)?.organizationIds ?? [],
        responder: routes.get(t.id)?.isResponder ?? false,
        r2rEnabled: routes.get(t.id)?.r2rEnabled ?? false,
        position: t.lat !== null && t.lng !== null ? { lat: t.lat, lng: t.lng } : null,
      })),
    );
    const moves = things.flatMap((thing) => {
      const subject = {
        heartbeatAt: thing.heartbeat_at?.getTime() ?? null,
        enroute: thing.enroute,
        street: thing.street,
      };
      const to = toServerStatus(statusOf(subject, contexts.get(thing.id)!, now));
      const from = thing.status as typeof to;
      return to === from ? [] : [{ thingId: thing.id, from, heartbeatKey: thing.heartbeat_key, to }];
    });
    // Skipped where a report or another server changed the thing since it was read.
    const moved = await this.repository.moveStatuses(moves);
    await this.publish(moved, cause);
    return moved.length;
  }

  /**
   * A user set the in-service flag (the asset profile's edit). Not emitted here: the flag travels with
   * the edited asset's own `thing.changed`.
   */
  async setInService(thingId: string, inService: boolean): Promise<void> {
    await this.repository.setInService(thingId, inService);
  }

  /**
   * A user acknowledged the alarm raised at `raisedAt` (the one they saw): `acknowledged`, or `gone`
   * when no alarm is raised any more (someone else acknowledged it), or `newer` when another alarm
   * was raised since, which they have not seen: that one stays.
   */
  async acknowledgeAlarm(
    thingId: string,
    raisedAt: Date,
    userId: string,
  ): Promise<'acknowledged' | 'gone' | 'newer'> {
    const state = await this.repository.acknowledgeAlarm(thingId, raisedAt, userId);
    if (state) {
      await this.publish([state], 'user');
      return 'acknowledged';
    }
    return (await this.repository.raisedAlarm(thingId))?.alarm ? 'newer' : 'gone';
  }

  private async publish(stored: StoredState[], cause: StateChangeCause): Promise<void> {
    if (stored.length === 0) return;
    const routes = new Map(
      (await this.directory.routesOfThings(stored.map((s) => s.thing_id))).map((r) => [r.thingId, r]),
    );
    const states = stored.flatMap((state) => {
      const route = routes.get(state.thing_id);
      return route ? [toThingState(state, route.organizationIds, false)] : [];
    });
    await this.events.emit('thing.states-changed', { cause, states });
  }
}
