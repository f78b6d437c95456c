/**
 * Incident detection inside the ingest pipeline: the incidents section's context provider. For each
 * responder's reports of a batch it applies core's scene rule, opens, joins and leaves incidents, and
 * answers which incident each asset is on, so the same batch already gives it the on-scene status.
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
import { INCIDENT_ALERT_MESSAGE, type Location } from '@flare/core/schemas/location';
import type { ThingContext } from '@flare/core/status/thing-status';
import type { DeviceReport } from '@flare/core/telemetry/report';
import type { ContextProvider, ContextSubject } from '../telemetry/thing-context.service';
import type { ActiveScene, IncidentsRepository } from './incidents.repository';

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

export class SceneTracker implements ContextProvider {
  readonly name = 'incidents';
  private readonly tracks = new Map<string, SceneTrack>();
  /** Thing id -> the newest report time the rule has seen of it: older (late) reports are history only. */
  private readonly seenUntil = new Map<string, number>();
  /** Thing id → the active incident it is on. */
  private readonly onScene = new Map<string, string>();
  private readonly scenes = new Map<string, ActiveScene>();

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
    for (const scene of await this.repository.activeScenes()) this.keep(scene);
  }

  /** An incident as stored now, from any server process. */
  remember(location: Location): void {
    this.forget(location.id);
    if (location.is_active)
      this.keep({
        id: location.id,
        organizationId: location.organization_id,
        lat: location.lat,
        lng: location.lng,
        thingIds: location.things_active.map((thing) => thing.id),
      });
  }

  incidentOf(thingId: string): string | null {
    return this.onScene.get(thingId) ?? null;
  }

  async contextOf(subjects: readonly ContextSubject[]): Promise<ReadonlyMap<string, Partial<ThingContext>>> {
    const changed = new Set<string>();
    for (const subject of subjects) {
      if (subject.reports && (subject.responder || this.onScene.has(subject.thingId)))
        await this.follow(subject, subject.reports, changed);
    }
    if (changed.size > 0) await this.hooks.publish(changed);
    const answers = new Map<string, Partial<ThingContext>>();
    for (const subject of subjects) {
      const incidentId = this.onScene.get(subject.thingId);
      if (incidentId) answers.set(subject.thingId, { incidentId });
    }
    return answers;
  }

  private async follow(subject: ContextSubject, reports: readonly DeviceReport[], changed: Set<string>) {
    for (const report of reports) {
      if (report.recordedAt < (this.seenUntil.get(subject.thingId) ?? -Infinity)) continue;
      this.seenUntil.set(subject.thingId, report.recordedAt);
      const incidentId = this.onScene.get(subject.thingId) ?? null;
      const scene: LatLng | null = incidentId ? (this.scenes.get(incidentId) ?? null) : null;
      const step = sceneStep(
        this.tracks.get(subject.thingId) ?? NO_TRACK,
        sampleOf(report, subject.responder),
        scene,
      );
      if (step.track === NO_TRACK) this.tracks.delete(subject.thingId);
      else this.tracks.set(subject.thingId, step.track);
      const at = new Date(report.recordedAt);
      if (step.decision.kind === 'arrive') {
        const joined = await this.arrive(subject, step.decision.position, at, report.course);
        changed.add(joined);
      } else if (step.decision.kind === 'leave' && incidentId) {
        await this.repository.leave(incidentId, subject.thingId, at);
        this.leaveInMemory(subject.thingId, incidentId);
        changed.add(incidentId);
      }
    }
  }

  /** Joins the nearest active incident of the asset's organisation, or opens one where it stands. */
  private async arrive(
    subject: ContextSubject,
    position: LatLng,
    at: Date,
    course: number | null,
  ): Promise<string> {
    const organizationId = subject.organizationIds[0]!;
    const nearby = [...this.scenes.values()].filter((scene) => scene.organizationId === organizationId);
    const target = incidentToJoin(position, nearby);
    if (target && (await this.repository.join(target.id, subject.thingId, at, course))) {
      target.thingIds.push(subject.thingId);
      this.onScene.set(subject.thingId, target.id);
      return target.id;
    }
    const id = await this.repository.open({
      organizationId,
      thingId: subject.thingId,
      lat: position.lat,
      lng: position.lng,
      at,
      course,
      alertMessage: INCIDENT_ALERT_MESSAGE,
    });
    this.keep({ id, organizationId, lat: position.lat, lng: position.lng, thingIds: [subject.thingId] });
    await this.hooks.opened(id);
    return id;
  }

  private leaveInMemory(thingId: string, incidentId: string): void {
    this.onScene.delete(thingId);
    const scene = this.scenes.get(incidentId);
    if (!scene) return;
    scene.thingIds = scene.thingIds.filter((id) => id !== thingId);
    if (scene.thingIds.length === 0) this.scenes.delete(incidentId);
  }

  private keep(scene: ActiveScene): void {
    this.scenes.set(scene.id, scene);
    for (const thingId of scene.thingIds) this.onScene.set(thingId, scene.id);
  }

  private forget(incidentId: string): void {
    const scene = this.scenes.get(incidentId);
    if (!scene) return;
    for (const thingId of scene.thingIds)
      if (this.onScene.get(thingId) === incidentId) this.onScene.delete(thingId);
    this.scenes.delete(incidentId);
  }
}
