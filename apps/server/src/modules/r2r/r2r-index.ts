/**
 * R2R alerts inside the ingest pipeline: the R2R section's context provider. It keeps the last
 * position of every R2R-enabled asset in memory (loaded at start, then kept from the pipeline's own
 * `thing.states-changed`, the batch's reports themselves and `thing.changed`). Once a batch has
 * committed it applies core's rule to each report of an R2R-enabled responder and records the
 * alerts (a failed write is tried again; the reports are stored and acknowledged all the same). It
 * adds nothing to the status context.
 *
 * When each pair was last alerted is remembered in memory only, per process: after a restart, or on
 * another server process, a pair may be alerted again before the repeat window has passed.
 */
import type { LatLng } from '@flare/core/incidents/scene-rules';
import type { ThingState } from '@flare/core/events/thing-events';
import { pairKey, r2rAlerts, type R2rNeighbour } from '@flare/core/r2r/r2r-alert';
import type { Thing } from '@flare/core/schemas/thing';
import type { ContextAnswer, ContextProvider, ContextSubject } from '../telemetry/thing-context.service';
import type { R2rAlertRow, R2rRepository } from './r2r.repository';

export class R2rIndex implements ContextProvider {
  readonly name = 'r2r';
  /** R2R-enabled assets by thing id; `position` null until known. */
  private readonly assets = new Map<
    string,
    Omit<R2rNeighbour, 'position'> & Pick<Partial<R2rNeighbour>, 'position'>
  >();
  /** Pair key -> when it was last alerted. */
  private readonly lastAlertAt = new Map<string, number>();

  constructor(
    private readonly repository: R2rRepository,
    private readonly distanceM: number,
  ) {}

  async load(): Promise<void> {
    for (const row of await this.repository.enabledAssets()) {
      this.assets.set(row.id, {
        thingId: row.id,
        organizationIds: row.organizationIds,
        r2rEnabled: true,
        responder: row.responder,
        position: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : undefined,
        at: row.heartbeatAt?.getTime() ?? 0,
      });
    }
  }

  /** An asset's profile changed: it joins or leaves the index. */
  thingChanged(thing: Thing): void {
    const known = this.assets.get(thing.id);
    if (!thing.features.r2r || !thing.is_active) this.assets.delete(thing.id);
    else if (known) known.responder = thing.is_responder;
    // A newly enabled asset joins with its next state change (which carries its organisations).
    else
      this.assets.set(thing.id, {
        thingId: thing.id,
        organizationIds: [],
        r2rEnabled: true,
        responder: thing.is_responder,
        at: 0,
      });
  }

  /** New live states: the positions of the R2R-enabled assets among them. */
  statesChanged(states: readonly ThingState[]): void {
    for (const state of states) {
      const asset = this.assets.get(state.thing_id);
      if (!asset) continue;
      asset.organizationIds = state.organization_ids;
      if (state.lat !== null && state.lng !== null && state.heartbeat_at !== null)
        this.moved(state.thing_id, { lat: state.lat, lng: state.lng }, Date.parse(state.heartbeat_at));
    }
  }

  contextOf(subjects: readonly ContextSubject[]): Promise<ContextAnswer> {
    // Only R2R-enabled assets alert or are alerted.
    const enabled = subjects.filter((subject) => subject.r2rEnabled && subject.reports?.length);
    if (enabled.length === 0) return Promise.resolve({ known: new Map() });
    let alerts: R2rAlertRow[] = [];
    return Promise.resolve({
      known: new Map(),
      staged: {
        apply: () => (alerts = this.alertsOf(enabled)),
        write: () => this.repository.record(alerts),
      },
    });
  }

  /** The alerts the batch's reports raise, taking their positions in. */
  private alertsOf(subjects: readonly ContextSubject[]): R2rAlertRow[] {
    // The batch's reports in time order, so assets reporting in the same batch see each other.
    const reports = subjects
      .flatMap((subject) => (subject.reports ?? []).map((report) => ({ subject, report })))
      .sort((a, b) => a.report.recordedAt - b.report.recordedAt);
    const alerts: R2rAlertRow[] = [];
    for (const { subject, report } of reports) {
      const position = report.valid ? report.position : null;
      this.moved(subject.thingId, position, report.recordedAt);
      const found = r2rAlerts(
        subject,
        { at: report.recordedAt, position, alerting: report.alerting },
        this.neighbours(),
        (key) => this.lastAlertAt.get(key),
        this.distanceM,
      );
      for (const alert of found) {
        this.lastAlertAt.set(pairKey(subject.thingId, alert.alertedThingId), report.recordedAt);
        alerts.push({
          organizationId: subject.organizationIds[0]!,
          alertingThingId: subject.thingId,
          alertedThingId: alert.alertedThingId,
          alerting: position!,
          alerted: alert.position,
          distanceM: alert.distanceM,
          at: new Date(report.recordedAt),
        });
      }
    }
    return alerts;
  }

  /** A newer position of an indexed asset. */
  private moved(thingId: string, position: LatLng | null, at: number): void {
    const asset = this.assets.get(thingId);
    if (!asset || !position || at < asset.at) return;
    asset.position = position;
    asset.at = at;
  }

  private *neighbours(): Iterable<R2rNeighbour> {
    for (const asset of this.assets.values()) if (asset.position) yield asset as R2rNeighbour;
  }
}
