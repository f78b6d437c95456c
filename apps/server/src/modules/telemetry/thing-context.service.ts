/**
 * What other sections know about assets, for the status engine: station membership (areas), incident
 * membership (events) and active closures (closures). Each section registers a provider; the ingest
 * pipeline and the status sweep ask the registry and never import a section. Providers only read:
 * what a batch's reports change in a section is staged, and done after the batch commits.
 */
import { NO_CONTEXT, type ThingContext } from '@flare/core/status/thing-status';
import type { DeviceReport } from '@flare/core/telemetry/report';
import { StagedWrites, type WriteLog } from './staged-writes';

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
  /**
   * What it knows of the subjects. It only reads: what the batch's reports change (an incident
   * opened or joined, an R2R alert) comes back staged, and is taken in only once the batch has
   * committed (never when the commit fails).
   */
  contextOf(subjects: readonly ContextSubject[]): Promise<ContextAnswer>;
}

export interface ContextAnswer {
  /** By thing id; assets it knows nothing of are left out. */
  known: ReadonlyMap<string, Partial<ThingContext>>;
  staged?: StagedChange;
}

/** What a batch's reports change for a section, worked out without changing anything yet. */
export interface StagedChange {
  /** Takes the change into memory; synchronous, so the next batch starts from it. */
  apply(): void;
  /** Writes and publishes it; tried again after a failure, in order per section, until it succeeds. */
  write(): Promise<void>;
}

export interface ResolvedContexts {
  /** Every subject's context: what the providers answered, NO_CONTEXT where none knew anything. */
  contexts: Map<string, ThingContext>;
  /** Takes in and writes what the providers staged: call it once the batch has committed. */
  committed: () => Promise<void>;
}

export class ContextRegistry {
  private readonly providers: Array<{ provider: ContextProvider; writes: StagedWrites }> = [];

  constructor(private readonly log: WriteLog) {}

  register(provider: ContextProvider): void {
    this.providers.push({ provider, writes: new StagedWrites(provider.name, this.log) });
  }

  async resolve(subjects: readonly ContextSubject[]): Promise<ResolvedContexts> {
    const contexts = new Map<string, ThingContext>(subjects.map((s) => [s.thingId, NO_CONTEXT]));
    if (this.providers.length === 0 || subjects.length === 0) return { contexts, committed: nothingStaged };
    const answers = await Promise.all(this.providers.map(({ provider }) => provider.contextOf(subjects)));
    for (const { known } of answers) {
      for (const [thingId, answer] of known) {
        const context = contexts.get(thingId);
        if (!context) continue;
        contexts.set(thingId, {
          stationId: answer.stationId ?? context.stationId,
          incidentId: answer.incidentId ?? context.incidentId,
          activeClosureIds: [...context.activeClosureIds, ...(answer.activeClosureIds ?? [])],
        });
      }
    }
    const staged = answers.flatMap(({ staged }, index) =>
      staged ? [{ change: staged, writes: this.providers[index]!.writes }] : [],
    );
    if (staged.length === 0) return { contexts, committed: nothingStaged };
    return {
      contexts,
      // Never throws: the reports are committed, and their callers are answered as such.
      committed: async () => {
        const applied = staged.filter(({ change, writes }) => {
          try {
            change.apply();
            return true;
          } catch (error) {
            this.log.error({ err: error, section: writes.section }, 'staged change not taken in');
            return false;
          }
        });
        await Promise.all(applied.map(({ change, writes }) => writes.run(() => change.write())));
      },
    };
  }

  /** Settles when every staged write is done (on shutdown: each gets one more try, then is dropped). */
  async drained(): Promise<void> {
    for (const { writes } of this.providers) writes.close();
    await Promise.all(this.providers.map(({ writes }) => writes.idle()));
  }
}

const nothingStaged = () => Promise.resolve();
