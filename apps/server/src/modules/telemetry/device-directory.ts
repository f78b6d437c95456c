/**
 * Device id -> thing and the organisations that see it, cached because every report needs it.
 * Unknown ids are remembered briefly so a misconfigured device cannot hammer the database.
 */
import type { DeviceRoute, TelemetryRepository } from './telemetry.repository';

const UNKNOWN_TTL_MS = 10_000;

export class DeviceDirectory {
  private readonly routes = new Map<string, DeviceRoute>();
  private readonly byThing = new Map<string, DeviceRoute>();
  private readonly unknown = new Map<string, number>();

  constructor(private readonly repository: TelemetryRepository) {}

  /** Routes of the given device ids; ids missing from the result are unknown. */
  async resolve(deviceIds: string[], now = Date.now()): Promise<Map<string, DeviceRoute>> {
    const found = new Map<string, DeviceRoute>();
    const missing: string[] = [];
    for (const id of new Set(deviceIds)) {
      const route = this.routes.get(id);
      if (route) found.set(id, route);
      else if ((this.unknown.get(id) ?? 0) < now) missing.push(id);
    }
    if (missing.length > 0) {
      for (const route of await this.repository.deviceRoutes({ deviceIds: missing })) {
        this.remember(route);
        found.set(route.deviceId, route);
      }
      for (const id of missing) if (!found.has(id)) this.unknown.set(id, now + UNKNOWN_TTL_MS);
    }
    return found;
  }

  routeOfThing(thingId: string): DeviceRoute | undefined {
    return this.byThing.get(thingId);
  }

  async routesOfThings(thingIds: string[]): Promise<DeviceRoute[]> {
    const missing = thingIds.filter((id) => !this.byThing.has(id));
    if (missing.length > 0)
      for (const route of await this.repository.deviceRoutes({ thingIds: missing })) this.remember(route);
    return thingIds.flatMap((id) => this.byThing.get(id) ?? []);
  }

  private remember(route: DeviceRoute): void {
    this.routes.set(route.deviceId, route);
    this.byThing.set(route.thingId, route);
  }

  /** Drops what is cached about a thing or device (after an edit, a registration or a relation change). */
  forget(key: { thingId?: string; deviceId?: string }): void {
    const route =
      (key.thingId && this.byThing.get(key.thingId)) || (key.deviceId && this.routes.get(key.deviceId));
    if (route) {
      this.routes.delete(route.deviceId);
      this.byThing.delete(route.thingId);
    }
    if (key.deviceId) this.unknown.delete(key.deviceId);
  }
}
