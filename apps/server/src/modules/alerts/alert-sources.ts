/**
 * Where motorist alerts come from: each section that makes alerts (incidents, closures, zones,
 * hazards, responding assets) registers one source here, which derives its active alerts with core's
 * alerts/alert-rules.ts. The alerts module asks them all.
 */
import type { Alert } from '@flare/core/schemas/alert';

export interface AlertSource {
  /** The active alerts of these organisations' sources, at `now`. */
  alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]>;
}

export class AlertSources {
  private readonly sources: AlertSource[] = [];

  register(source: AlertSource): void {
    this.sources.push(source);
  }

  async alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]> {
    if (organizationIds.length === 0) return [];
    const lists = await Promise.all(this.sources.map((source) => source.alertsOf(organizationIds, now)));
    return lists.flat();
  }
}
