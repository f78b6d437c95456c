/**
 * What other sections know about assets, for the status engine: station membership (areas), incident
 * membership (events) and active closures (closures). Each section registers a provider; the ingest
 * pipeline and the status sweep ask the registry and never import a section.
 */
import { NO_CONTEXT, type ThingContext } from '@flare/core/status/thing-status';
import type { DeviceReport } from '@flare/core/telemetry/report';

/** An asset as a provider sees it: who sees it, and where it is (or is reported to be). */
export interface ContextSubject {
  thingId: string;
  /** The owner first, then managers and accessors. */
  organizationIds: readonly string[];
  /** Of an emergency type (police, fire, EMS). */
  responder: boolean;
  /** Takes part in responder-to-responder alerts. */
  r2rEnabled: boolean;
  position: { lat: number; lng: number } | null;
  /**
   * The asset's reports in this ingest batch, oldest first. Absent when its status is only applied
   * again (time passed, or a section's context changed): then providers answer what they know.
   */
  reports?: readonly DeviceReport[];
}

export interface ContextProvider {
  /** For logs. */
  name: string;
  /** What it knows of the subjects, by thing id; assets it knows nothing of are left out. */
  contextOf(subjects: readonly ContextSubject[]): Promise<ReadonlyMap<string, Partial<ThingContext>>>;
}

export class ContextRegistry {
  private readonly providers: ContextProvider[] = [];

  register(provider: ContextProvider): void {
    this.providers.push(provider);
  }

  /** Every subject's context: what the providers answered, NO_CONTEXT where none knew anything. */
  async resolve(subjects: readonly ContextSubject[]): Promise<Map<string, ThingContext>> {
    const contexts = new Map<string, ThingContext>(subjects.map((s) => [s.thingId, NO_CONTEXT]));
    if (this.providers.length === 0 || subjects.length === 0) return contexts;
    const answers = await Promise.all(this.providers.map((provider) => provider.contextOf(subjects)));
    for (const answer of answers) {
      for (const [thingId, known] of answer) {
        const context = contexts.get(thingId);
        if (!context) continue;
        contexts.set(thingId, {
          stationId: known.stationId ?? context.stationId,
          incidentId: known.incidentId ?? context.incidentId,
          activeClosureIds: [...context.activeClosureIds, ...(known.activeClosureIds ?? [])],
        });
      }
    }
    return contexts;
  }
}
