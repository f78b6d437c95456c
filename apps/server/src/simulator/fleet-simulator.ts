/**
 * Drives a fleet through the OsmAnd ingest, over real HTTP. Responders of an organisation are sent
 * in groups to random incidents, where they stop together with their lights on.
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
  log?: FastifyBaseLogger;
}

export class FleetSimulator {
  private readonly vehicles: Array<{ vehicle: Vehicle; group: string; home: Position }>;
  private timer: NodeJS.Timeout | null = null;
  private last = Date.now();
  private inFlight = 0;

  constructor(
    assets: SimulatedAsset[],
    private readonly options: SimulatorOptions,
  ) {
    const random = options.random ?? Math.random;
    this.vehicles = assets.map((a) => ({
      vehicle: new Vehicle(a.deviceId, a.home, a.responder, random),
      group: a.group,
      home: a.home,
    }));
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.options.reportIntervalMs);
    this.timer.unref();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Moves every vehicle and sends its report. */
  tick(now = Date.now()): void {
    const random = this.options.random ?? Math.random;
    const dtS = Math.max(0.5, (now - this.last) / 1000);
    this.last = now;
    for (const group of new Set(this.vehicles.map((v) => v.group))) {
      if (random() < (this.options.incidentChance ?? 0.02)) this.startIncident(group, random);
    }
    if (this.inFlight > this.vehicles.length * 2) return; // the server is behind: skip a round
    for (const { vehicle } of this.vehicles) {
      this.inFlight++;
      sendOsmand(this.options.osmandUrl, vehicle.advance(dtS, now), now)
        .then((response) => {
          if (!response.ok)
            this.options.log?.warn(
              { device: vehicle.deviceId, status: response.status },
              'simulated report refused',
            );
        })
        .catch((error: unknown) => this.options.log?.debug({ err: error }, 'simulated report failed'))
        .finally(() => this.inFlight--);
    }
  }

  /** Sends two to four idle responders of the group to one place. */
  private startIncident(group: string, random: () => number): void {
    const idle = this.vehicles.filter((v) => v.group === group && v.vehicle.responder && !v.vehicle.busy);
    if (idle.length < 2) return;
    const scene = randomNear(idle[0]!.home, 3500, random);
    const count = Math.min(idle.length, 2 + Math.floor(random() * 3));
    idle
      .sort((a, b) => distance(a.vehicle.position, scene) - distance(b.vehicle.position, scene))
      .slice(0, count)
      .forEach((v) => v.vehicle.dispatch(scene));
  }
}

const distance = (a: Position, b: Position) => Math.hypot(a.lat - b.lat, a.lng - b.lng);
