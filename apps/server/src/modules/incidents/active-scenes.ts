/**
 * The active incidents and which asset is on which, in memory: the scene tracker's own, and the
 * copy a batch's plan changes before the batch commits. Scenes are replaced, never changed in place,
 * so a copy shares them safely.
 */
import type { ActiveScene } from './incidents.repository';

export class ActiveScenes {
  private constructor(
    private readonly byId: Map<string, ActiveScene>,
    /** Thing id -> the active incident it is on. */
    private readonly byThing: Map<string, string>,
  ) {}

  static empty(): ActiveScenes {
    return new ActiveScenes(new Map(), new Map());
  }

  copy(): ActiveScenes {
    return new ActiveScenes(new Map(this.byId), new Map(this.byThing));
  }

  incidentOf(thingId: string): string | undefined {
    return this.byThing.get(thingId);
  }

  get(incidentId: string): ActiveScene | undefined {
    return this.byId.get(incidentId);
  }

  ofOrganization(organizationId: string): ActiveScene[] {
    return [...this.byId.values()].filter((scene) => scene.organizationId === organizationId);
  }

  /** The scene as given, with its assets on it. */
  keep(scene: ActiveScene): void {
    this.byId.set(scene.id, scene);
    for (const thingId of scene.thingIds) this.byThing.set(thingId, scene.id);
  }

  forget(incidentId: string): void {
    const scene = this.byId.get(incidentId);
    if (!scene) return;
    for (const thingId of scene.thingIds)
      if (this.byThing.get(thingId) === incidentId) this.byThing.delete(thingId);
    this.byId.delete(incidentId);
  }

  /** The asset joins the scene (as `scene` says it is, when this copy does not know it). */
  join(scene: ActiveScene, thingId: string): void {
    const known = this.byId.get(scene.id) ?? scene;
    const thingIds = known.thingIds.includes(thingId) ? known.thingIds : [...known.thingIds, thingId];
    this.keep({ ...known, thingIds });
  }

  /** The asset leaves the scene; a scene with no asset left is no longer active. */
  leave(thingId: string, incidentId: string): void {
    if (this.byThing.get(thingId) === incidentId) this.byThing.delete(thingId);
    const scene = this.byId.get(incidentId);
    if (!scene) return;
    const thingIds = scene.thingIds.filter((id) => id !== thingId);
    if (thingIds.length === 0) this.byId.delete(incidentId);
    else this.byId.set(incidentId, { ...scene, thingIds });
  }
}
