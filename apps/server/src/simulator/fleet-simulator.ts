/**
 * Drives a fleet through the OsmAnd ingest, over real HTTP. Responders of an organisation are sent
 * in groups to random incidents, where they stop together with their lights on (which the server
 * detects as an incident), stay 5 to 20 minutes each and drive off. Each organisation's first
 * incident is sent at start, close to its responders, so a new user sees one within minutes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sendOsmand } from './osmand-client';
import { Vehicle, randomNear, type Position } from './vehicle';

export interface SimulatedAsset {
  deviceId: string;
  home: Position;
  /** Vehicles with the same group (organisation) respond to incidents together. */
  group: string;
  responder: boolean;
}

export interface SimulatorOptions {
  osmandUrl: string;
  /** How often each vehicle reports. */
  reportIntervalMs: number;
  /** Chance per group per tick that an incident starts. */
  incidentChance?: number;
  random?: () => number;
  /** The clock (tests drive it). */
  now?: () => number;
  log?: FastifyBaseLogger;
}

export class FleetSimulator {
  private readonly vehicles: Array<{ vehicle: Vehicle; group: string; home: Position }>;
  private timer: NodeJS.Timeout | null = null;
  private last: number;
  private inFlight = 0;

  constructor(
    assets: SimulatedAsset[],
    private readonly options: SimulatorOptions,
  ) {
    const random = options.random ?? Math.random;
    this.last = (options.now ?? Date.now)();
    this.vehicles = assets.map((a) => ({
      vehicle: new Vehicle(a.deviceId, a.home, a.responder, random),
      group: a.group,
      home: a.home,
    }));
  }

  start(): void {
    this.dispatchFirstIncidents();
    this.timer = setInterval(() => void this.tick(), this.options.reportIntervalMs);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Moves every vehicle and sends its report; settles when every report is answered. */
  async tick(now = (this.options.now ?? Date.now)()): Promise<void> {
    const random = this.options.random ?? Math.random;
    const dtS = Math.max(0.5, (now - this.last) / 1000);
    this.last = now;
    for (const group of this.groups()) {
      if (random() < (this.options.incidentChance ?? 0.02)) this.startIncident(group, random, SCENE_RADIUS_M);
    }
    if (this.inFlight > this.vehicles.length * 2) return; // the server is behind: skip a round
    const sends = this.vehicles.map(({ vehicle }) => {
      this.inFlight++;
      return sendOsmand(this.options.osmandUrl, vehicle.advance(dtS, now), now)
        .then((response) => {
          if (!response.ok)
            this.options.log?.warn(
              { device: vehicle.deviceId, status: response.status },
              'simulated report refused',
            );
        })
        .catch((error: unknown) => this.options.log?.debug({ err: error }, 'simulated report failed'))
        .finally(() => this.inFlight--);
    });
    await Promise.all(sends);
  }

  /** Each organisation's first incident, close to its responders. */
  dispatchFirstIncidents(): void {
    const random = this.options.random ?? Math.random;
    for (const group of this.groups()) this.startIncident(group, random, FIRST_SCENE_RADIUS_M);
  }

  private groups(): Set<string> {
    return new Set(this.vehicles.map((v) => v.group));
  }

  /** Sends two to four idle responders of the group to one place within `radiusM` of the first. */
  private startIncident(group: string, random: () => number, radiusM: number): void {
    const idle = this.vehicles.filter((v) => v.group === group && v.vehicle.responder && !v.vehicle.busy);
    if (idle.length < 2) return;
    const scene = randomNear(idle[0]!.vehicle.position, radiusM, random);
    const count = Math.min(idle.length, 2 + Math.floor(random() * 3));
    idle
      .sort((a, b) => distance(a.vehicle.position, scene) - distance(b.vehicle.position, scene))
      .slice(0, count)
      .forEach((v) => v.vehicle.dispatch(scene));
  }
}

/** Scenes are this far at most from a responder; the first one at start much closer. */
const SCENE_RADIUS_M = 3500;
const FIRST_SCENE_RADIUS_M = 800;

const distance = (a: Position, b: Position) => Math.hypot(a.lat - b.lat, a.lng - b.lng);
