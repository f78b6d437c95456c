/**
 * What a device presents -> its thing and the organisations that see it, cached because every report
 * needs it. Devices present their credential (an asset marked as a legacy device may also present its
 * System Id); the authenticated batch API names assets by System Id. Unknown keys are remembered too,
 * so a misconfigured device cannot hammer the database; as anyone can send made-up ids, that memory is
 * bounded (the least recently seen go first).
 *
 * Every server process has its own directory. A change to a thing (registration, edit, organisations,
 * a new credential) is a shared `thing.changed` event, and every process's directory then forgets what
 * it knew of that thing and its device ids. Entries also expire, in case an event is lost or the
 * database was changed behind the servers' backs.
 */
import type { EventBus } from '../../platform/bus/event-bus';
import type { DeviceRoute, TelemetryRepository } from './telemetry.repository';

/** How the caller names devices: by what devices present, or (authenticated callers) by System Id. */
export type DeviceIdentification = 'credential' | 'systemId';

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
  /** The cache keys that lead to this thing. */
  keys: Set<string>;
}

const keyOf = (by: DeviceIdentification, id: string) => `${by === 'credential' ? 'c' : 's'}:${id}`;

export class DeviceDirectory {
  private readonly routes = new Map<string, Entry>();
  private readonly byThing = new Map<string, Entry>();
  /** Unknown key -> when that stops being trusted; in order of last use (oldest first). */
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

  /** Routes of the given ids (keyed by them); ids missing from the result are unknown. */
  async resolve(ids: string[], by: DeviceIdentification = 'credential'): Promise<Map<string, DeviceRoute>> {
    const now = this.now();
    const found = new Map<string, DeviceRoute>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const entry = this.routes.get(keyOf(by, id));
      if (entry && entry.expiresAt > now) found.set(id, entry.route);
      else if (!this.stillUnknown(keyOf(by, id), now)) missing.push(id);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const matches = await this.lookUp(missing, by);
      const cache = generation === this.generation;
      for (const [id, route] of matches) {
        if (cache) this.remember(keyOf(by, id), route, now);
        found.set(id, route);
      }
      if (cache) for (const id of missing) if (!found.has(id)) this.markUnknown(keyOf(by, id), now);
    }
    return found;
  }

  private async lookUp(ids: string[], by: DeviceIdentification): Promise<Array<[string, DeviceRoute]>> {
    if (by === 'credential') return this.repository.routesByCredential(ids);
    const routes = await this.repository.deviceRoutes({ deviceIds: ids });
    return routes.map((route) => [route.deviceId, route]);
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
          if (route) this.rememberThing(route, now);
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
      for (const key of [keyOf('credential', deviceId), keyOf('systemId', deviceId)]) {
        const entry = this.routes.get(key);
        if (entry) this.drop(entry.route.thingId);
        this.unknown.delete(key);
      }
    }
  }

  /** Follows thing changes on every server process (this one included); resolves once following. */
  follow(events: EventBus): Promise<() => Promise<void>> {
    return events.on('thing.changed', (change) =>
      this.forget({ thingId: change.thing.id, deviceIds: change.device_ids }),
    );
  }

  private remember(key: string, route: DeviceRoute, now: number): void {
    const previous = this.byThing.get(route.thingId);
    const entry = {
      route,
      expiresAt: now + this.routeTtlMs,
      keys: previous && previous.route.deviceId === route.deviceId ? previous.keys : new Set<string>(),
    };
    if (previous && previous.keys !== entry.keys) this.drop(route.thingId);
    entry.keys.add(key);
    for (const known of entry.keys) this.routes.set(known, entry);
    this.byThing.set(route.thingId, entry);
    this.unknown.delete(key);
  }

  private rememberThing(route: DeviceRoute, now: number): void {
    this.remember(keyOf('systemId', route.deviceId), route, now);
  }

  private drop(thingId: string): void {
    const entry = this.byThing.get(thingId);
    if (!entry) return;
    this.byThing.delete(thingId);
    for (const key of entry.keys) if (this.routes.get(key) === entry) this.routes.delete(key);
  }

  /** Whether the key is remembered as unknown and that is still trusted; marks it as recently seen. */
  private stillUnknown(key: string, now: number): boolean {
    const expiresAt = this.unknown.get(key);
    if (expiresAt === undefined) return false;
    this.unknown.delete(key);
    if (expiresAt <= now) return false;
    this.unknown.set(key, expiresAt);
    return true;
  }

  private markUnknown(key: string, now: number): void {
    const entry = this.routes.get(key);
    if (entry) this.drop(entry.route.thingId);
    this.unknown.delete(key);
    this.unknown.set(key, now + this.unknownTtlMs);
    // Maps iterate in insertion order: the first keys are the least recently seen.
    for (const oldest of this.unknown.keys()) {
      if (this.unknown.size <= this.unknownLimit) break;
      this.unknown.delete(oldest);
    }
  }
}
