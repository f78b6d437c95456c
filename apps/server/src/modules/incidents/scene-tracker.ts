/**
 * Incident detection inside the ingest pipeline: the incidents section's context provider. For each
 * responder's reports of a batch it applies core's scene rule and answers which incident each asset
 * is on, so the same batch already gives it the on-scene status. What the reports do (open, join or
 * leave an incident) is worked out on a copy and taken in only once the batch has committed; the
 * incidents are then stored and published (a failed write is tried again; nothing of a batch whose
 * commit failed is kept).
 *
 * It remembers the active incidents and who is on them (loaded at start, then kept from every
 * `incident.changed`, this process's and the others'), and each responder's dwell in memory only:
 * a restart starts a stopped responder's 60 s again.
 */
import {
  NO_TRACK,
  incidentToJoin,
  sceneStep,
  type LatLng,
  type SceneSample,
  type SceneTrack,
} from '@flare/core/incidents/scene-rules';
import { INCIDENT_ALERT_MESSAGE, type Incident } from '@flare/core/schemas/incident';
import type { ThingContext } from '@flare/core/status/thing-status';
import type { DeviceReport } from '@flare/core/telemetry/report';
import type { ContextAnswer, ContextProvider, ContextSubject } from '../telemetry/thing-context.service';
import { ActiveScenes } from './active-scenes';
import type { IncidentsRepository } from './incidents.repository';

function sampleOf(report: DeviceReport, responder: boolean): SceneSample {
  return {
    at: report.recordedAt,
    position: report.valid ? report.position : null,
    speed: report.speed,
    alerting: report.alerting,
    inService: report.inService,
    responder,
  };
}

/** An asset arriving: it joins an incident, or opens one (its id chosen here, so the plan can name it). */
interface Arrival {
  kind: 'open' | 'join';
  incidentId: string;
  organizationId: string;
  thingId: string;
  position: LatLng;
  at: Date;
  course: number | null;
}
type SceneWrite = Arrival | { kind: 'leave'; incidentId: string; thingId: string; at: Date };

/** What one batch's reports do, worked out without changing the tracker. */
class ScenePlan {
  readonly tracks = new Map<string, SceneTrack>();
  readonly seenUntil = new Map<string, number>();
  /** The scenes as they will be, and the changes that make them so (replayed on the tracker's). */
  readonly scenes: ActiveScenes;
  readonly changes: Array<(scenes: ActiveScenes) => void> = [];
  /** To store, in order; each is taken off once stored. */
  readonly writes: SceneWrite[] = [];
  readonly changed = new Set<string>();
  readonly opened: string[] = [];

  constructor(scenes: ActiveScenes) {
    this.scenes = scenes.copy();
  }

  change(change: (scenes: ActiveScenes) => void): void {
    change(this.scenes);
    this.changes.push(change);
  }
}

export class SceneTracker implements ContextProvider {
  readonly name = 'incidents';
  private readonly tracks = new Map<string, SceneTrack>();
  /** Thing id -> the newest report time the rule has seen of it: older (late) reports are history only. */
  private readonly seenUntil = new Map<string, number>();
  private readonly scenes = ActiveScenes.empty();

  constructor(
    private readonly repository: IncidentsRepository,
    private readonly hooks: {
      /** Publishes the incidents that changed (and so brings them back here through `remember`). */
      publish(incidentIds: ReadonlySet<string>): Promise<unknown>;
      /** A new incident: its street is looked up. */
      opened(incidentId: string): Promise<unknown>;
    },
  ) {}

  async load(): Promise<void> {
    for (const scene of await this.repository.activeScenes()) this.scenes.keep(scene);
  }

  /** An incident as stored now, from any server process. */
  remember(location: Incident): void {
    this.scenes.forget(location.id);
    if (location.is_active)
      this.scenes.keep({
        id: location.id,
        organizationId: location.organization_id,
        lat: location.lat,
        lng: location.lng,
        thingIds: location.things_active.map((thing) => thing.id),
      });
  }

  incidentOf(thingId: string): string | null {
    return this.scenes.incidentOf(thingId) ?? null;
  }

  contextOf(subjects: readonly ContextSubject[]): Promise<ContextAnswer> {
    const followed = subjects.filter(
      (subject) => subject.reports && (subject.responder || this.scenes.incidentOf(subject.thingId)),
    );
    const plan = followed.length > 0 ? new ScenePlan(this.scenes) : null;
    for (const subject of followed) this.follow(subject, subject.reports!, plan!);
    const scenes = plan?.scenes ?? this.scenes;
    const known = new Map<string, Partial<ThingContext>>();
    for (const subject of subjects) {
      const incidentId = scenes.incidentOf(subject.thingId);
      if (incidentId) known.set(subject.thingId, { incidentId });
    }
    if (!plan) return Promise.resolve({ known });
    return Promise.resolve({
      known,
      staged: { apply: () => this.take(plan), write: () => this.store(plan) },
    });
  }

  /** Works out what the reports do (arrive, leave) on the plan, changing nothing here. */
  private follow(subject: ContextSubject, reports: readonly DeviceReport[], plan: ScenePlan): void {
    const { thingId } = subject;
    for (const report of reports) {
      const seen = plan.seenUntil.get(thingId) ?? this.seenUntil.get(thingId) ?? -Infinity;
      if (report.recordedAt < seen) continue;
      plan.seenUntil.set(thingId, report.recordedAt);
      const incidentId = plan.scenes.incidentOf(thingId) ?? null;
      const scene: LatLng | null = incidentId ? (plan.scenes.get(incidentId) ?? null) : null;
      const track = plan.tracks.get(thingId) ?? this.tracks.get(thingId) ?? NO_TRACK;
      const step = sceneStep(track, sampleOf(report, subject.responder), scene);
      plan.tracks.set(thingId, step.track);
      const at = new Date(report.recordedAt);
      if (step.decision.kind === 'arrive') {
        this.arrive(subject, step.decision.position, at, report.course, plan);
      } else if (step.decision.kind === 'leave' && incidentId) {
        plan.writes.push({ kind: 'leave', incidentId, thingId, at });
        plan.change((scenes) => scenes.leave(thingId, incidentId));
      }
    }
  }

  /** Joins the nearest active incident of the asset's organisation, or opens one where it stands. */
  private arrive(
    subject: ContextSubject,
    position: LatLng,
    at: Date,
    course: number | null,
    plan: ScenePlan,
  ): void {
    const { thingId } = subject;
    const organizationId = subject.organizationIds[0]!;
    const target = incidentToJoin(position, plan.scenes.ofOrganization(organizationId));
    const scene = target ?? { id: crypto.randomUUID(), organizationId, ...position, thingIds: [] };
    plan.writes.push({
      kind: target ? 'join' : 'open',
      incidentId: scene.id,
      organizationId,
      thingId,
      position,
      at,
      course,
    });
    plan.change((scenes) => scenes.join(scene, thingId));
  }

  /** The committed batch's plan becomes what the tracker knows. */
  private take(plan: ScenePlan): void {
    for (const [thingId, track] of plan.tracks) {
      if (track === NO_TRACK) this.tracks.delete(thingId);
      else this.tracks.set(thingId, track);
    }
    for (const [thingId, at] of plan.seenUntil) this.seenUntil.set(thingId, at);
    for (const change of plan.changes) change(this.scenes);
  }

  /**
   * Stores the plan's arrivals and departures, then publishes the incidents they changed. When tried
   * again after a failure, what was stored is not stored twice.
   */
  private async store(plan: ScenePlan): Promise<void> {
    for (let write = plan.writes[0]; write; write = plan.writes[0]) {
      if (write.kind === 'leave') {
        await this.repository.leave(write.incidentId, write.thingId, write.at);
        plan.changed.add(write.incidentId);
      } else plan.changed.add(await this.storeArrival(write, plan));
      plan.writes.shift();
    }
    while (plan.opened.length > 0) {
      await this.hooks.opened(plan.opened[0]!);
      plan.opened.shift();
    }
    if (plan.changed.size > 0) await this.hooks.publish(plan.changed);
    plan.changed.clear();
  }

  /** Joins the incident, or opens one: also when the incident to join has ended meanwhile. */
  private async storeArrival(arrival: Arrival, plan: ScenePlan): Promise<string> {
    const { thingId, organizationId, position, at, course } = arrival;
    if (arrival.kind === 'join') {
      if (await this.repository.join(arrival.incidentId, thingId, at, course)) return arrival.incidentId;
      // Decided once, on the arrival itself, so a retried write opens this same incident.
      const ended = arrival.incidentId;
      Object.assign(arrival, { kind: 'open', incidentId: crypto.randomUUID() });
      this.scenes.leave(thingId, ended);
      this.scenes.keep({ id: arrival.incidentId, organizationId, ...position, thingIds: [thingId] });
    }
    const id = arrival.incidentId;
    await this.repository.open({
      id,
      organizationId,
      thingId,
      ...position,
      at,
      course,
      alertMessage: INCIDENT_ALERT_MESSAGE,
    });
    plan.opened.push(id);
    return id;
  }
}
