/**
 * Active closures inside the status engine: the closures section's context provider. An asset with
 * an active closure is active (core's status rule). Kept in memory, loaded at start and read again on
 * each `closure.changed` (from any process), so ingest never waits on a query for it.
 */
import type { ThingContext } from '@flare/core/status/thing-status';
import type { ContextAnswer, ContextProvider, ContextSubject } from '../telemetry/thing-context.service';
import type { ClosuresRepository } from './closures.repository';

export class ActiveClosures implements ContextProvider {
  readonly name = 'closures';
  private byThing = new Map<string, string[]>();

  constructor(private readonly repository: ClosuresRepository) {}

  async load(): Promise<void> {
    const byThing = new Map<string, string[]>();
    for (const { id, thing_id } of await this.repository.activeByThing()) {
      const ids = byThing.get(thing_id);
      if (ids) ids.push(id);
      else byThing.set(thing_id, [id]);
    }
    this.byThing = byThing;
  }

  /** The asset's active closures. */
  of(thingId: string): readonly string[] {
    return this.byThing.get(thingId) ?? [];
  }

  contextOf(subjects: readonly ContextSubject[]): Promise<ContextAnswer> {
    const answers = new Map<string, Partial<ThingContext>>();
    for (const { thingId } of subjects) {
      const activeClosureIds = this.byThing.get(thingId);
      if (activeClosureIds) answers.set(thingId, { activeClosureIds });
    }
    return Promise.resolve({ known: answers });
  }
}
