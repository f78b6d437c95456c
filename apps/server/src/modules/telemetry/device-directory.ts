/**
 * Device id -> thing and the organisations that see it, cached because every report needs it.
 * Unknown ids are remembered too, so a misconfigured device cannot hammer the database; as anyone
 * can send made-up ids, that memory is bounded (the least recently seen ids go first).
 *
 * Every server process has its own directory. A change to a thing (registration, edit, organisations)
 * is a shared `thing.changed` event, and every process's directory then forgets what it knew of that
 * thing and its device ids. Entries also expire, in case an event is lost or the database was changed
 * behind the servers' backs.
 */
import type { EventBus } from '../../platform/bus/event-bus';
import type { DeviceRoute, TelemetryRepository } from './telemetry.repository';

export interface DeviceDirectoryOptions {
  /** How long a known device is trusted without a change announced (default 5 minutes). */
  routeTtlMs?: number;
  /** How long an unknown device id stays unknown without a change announced (default 60 s). */
  unknownTtlMs?: number;
  /** How many unknown device ids are remembered at most (default 10,000). */
  unknownLimit?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

interface Entry {
  route: DeviceRoute;
  expiresAt: number;
}

export class DeviceDirectory {
  private readonly routes = new Map<string, Entry>();
  private readonly byThing = new Map<string, Entry>();
  /** Unknown device id -> when that stops being trusted; in order of last use (oldest first). */
  private readonly unknown = new Map<string, number>();
  /** Counts forgets, so a lookup that raced with one does not cache what it read before it. */
  private generation = 0;
  private readonly routeTtlMs: number;
  private readonly unknownTtlMs: number;
  private readonly unknownLimit: number;
  private readonly now: () => number;

  constructor(
    private readonly repository: TelemetryRepository,
    options: DeviceDirectoryOptions = {},
  ) {
    this.routeTtlMs = options.routeTtlMs ?? 300_000;
    this.unknownTtlMs = options.unknownTtlMs ?? 60_000;
    this.unknownLimit = options.unknownLimit ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** How many unknown device ids are remembered (for tests and diagnostics). */
  get unknownCount(): number {
    return this.unknown.size;
  }

  /** Routes of the given device ids; ids missing from the result are unknown. */
  async resolve(deviceIds: string[]): Promise<Map<string, DeviceRoute>> {
    const now = this.now();
    const found = new Map<string, DeviceRoute>();
    const missing: string[] = [];
    for (const id of new Set(deviceIds)) {
      const entry = this.routes.get(id);
      if (entry && entry.expiresAt > now) found.set(id, entry.route);
      else if (!this.stillUnknown(id, now)) missing.push(id);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const routes = await this.repository.deviceRoutes({ deviceIds: missing });
      const cache = generation === this.generation;
      for (const route of routes) {
        if (cache) this.remember(route, now);
        found.set(route.deviceId, route);
      }
      if (cache) for (const id of missing) if (!found.has(id)) this.markUnknown(id, now);
    }
    return found;
  }

  async routesOfThings(thingIds: string[]): Promise<DeviceRoute[]> {
    const now = this.now();
    const missing = thingIds.filter((id) => !((this.byThing.get(id)?.expiresAt ?? 0) > now));
    const fetched = new Map<string, DeviceRoute>();
    if (missing.length > 0) {
      const generation = this.generation;
      for (const route of await this.repository.deviceRoutes({ thingIds: missing })) {
        fetched.set(route.thingId, route);
      }
      if (generation === this.generation) {
        for (const id of missing) {
          const route = fetched.get(id);
          if (route) this.remember(route, now);
          else this.drop(id);
        }
      }
    }
    return thingIds.flatMap((id) => fetched.get(id) ?? this.byThing.get(id)?.route ?? []);
  }

  /** Drops what is cached about a thing and device ids (after a registration, an edit or a relation change). */
  forget(change: { thingId?: string; deviceIds?: readonly string[] }): void {
    this.generation++;
    if (change.thingId) this.drop(change.thingId);
    for (const deviceId of change.deviceIds ?? []) {
      const entry = this.routes.get(deviceId);
      if (entry) this.drop(entry.route.thingId);
      this.routes.delete(deviceId);
      this.unknown.delete(deviceId);
    }
  }

  /** Follows thing changes on every server process (this one included); resolves once following. */
  follow(events: EventBus): Promise<() => Promise<void>> {
    return events.on('thing.changed', (change) =>
      this.forget({ thingId: change.thing.id, deviceIds: change.device_ids }),
    );
  }

  private remember(route: DeviceRoute, now: number): void {
    const previous = this.byThing.get(route.thingId);
    if (previous && previous.route.deviceId !== route.deviceId) this.routes.delete(previous.route.deviceId);
    const entry = { route, expiresAt: now + this.routeTtlMs };
    this.routes.set(route.deviceId, entry);
    this.byThing.set(route.thingId, entry);
    this.unknown.delete(route.deviceId);
  }

  private drop(thingId: string): void {
    const entry = this.byThing.get(thingId);
    if (!entry) return;
    this.byThing.delete(thingId);
    if (this.routes.get(entry.route.deviceId) === entry) this.routes.delete(entry.route.deviceId);
  }

  /** Whether the id is remembered as unknown and that is still trusted; marks it as recently seen. */
  private stillUnknown(id: string, now: number): boolean {
    const expiresAt = this.unknown.get(id);
    if (expiresAt === undefined) return false;
    this.unknown.delete(id);
    if (expiresAt <= now) return false;
    this.unknown.set(id, expiresAt);
    return true;
  }

  private markUnknown(id: string, now: number): void {
    const entry = this.routes.get(id);
    if (entry) this.drop(entry.route.thingId);
    this.unknown.delete(id);
    this.unknown.set(id, now + this.unknownTtlMs);
    // Maps iterate in insertion order: the first keys are the least recently seen.
    for (const oldest of this.unknown.keys()) {
      if (this.unknown.size <= this.unknownLimit) break;
      this.unknown.delete(oldest);
    }
  }
}
