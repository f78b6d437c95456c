/**
 * One simulated vehicle: drives toward waypoints around its home, responds to incidents with its
 * lights on, waits on scene, then goes back to patrolling (or parks, for road-work assets).
 */
const EARTH_M = 6_371_000;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

export interface Position {
  lat: number;
  lng: number;
}

export function distanceM(a: Position, b: Position): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(h));
}

export function bearingDeg(a: Position, b: Position): number {
  const y = Math.sin(toRad(b.lng - a.lng)) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lng - a.lng));
  return (toDeg(Math.atan2(y, x)) + 360) % 360;
}

/** A point `meters` away from `from` toward `to` (or `to` itself when closer). */
export function stepToward(from: Position, to: Position, meters: number): Position {
  const total = distanceM(from, to);
  if (total <= meters || total === 0) return { ...to };
  const f = meters / total;
  return { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
}

export function randomNear(center: Position, radiusM: number, random: () => number): Position {
  const r = radiusM * Math.sqrt(random());
  const angle = random() * 2 * Math.PI;
  return {
    lat: center.lat + toDeg((r * Math.cos(angle)) / EARTH_M),
    lng: center.lng + toDeg((r * Math.sin(angle)) / (EARTH_M * Math.cos(toRad(center.lat)))),
  };
}

/** Responders stay on scene this long, each its own time, so they leave one by one. */
export const ON_SCENE_MINUTES = { min: 5, max: 20 } as const;

type Mode = 'patrol' | 'respond' | 'on_scene' | 'parked';

export interface Report {
  deviceId: string;
  lat: number;
  lng: number;
  /** m/s */
  speed: number;
  course: number;
  accuracy: number;
  battery: number;
  alerting: boolean;
}

export class Vehicle {
  position: Position;
  private target: Position;
  private mode: Mode = 'patrol';
  private modeUntil = 0;
  private course = 0;
  private speed = 0;
  private battery: number;

  constructor(
    readonly deviceId: string,
    private readonly home: Position,
    readonly responder: boolean,
    private readonly random: () => number,
  ) {
    this.position = randomNear(home, 3000, random);
    this.target = randomNear(home, 4000, random);
    this.battery = 60 + Math.round(random() * 40);
  }

  get busy(): boolean {
    return this.mode === 'respond' || this.mode === 'on_scene';
  }

  /** Sends the vehicle to an incident with its lights on. */
  dispatch(scene: Position): void {
    this.mode = 'respond';
    this.target = randomNear(scene, 25, this.random);
  }

  /** Advances the vehicle by `dtS` seconds and returns its report. */
  advance(dtS: number, now: number): Report {
    switch (this.mode) {
      case 'respond':
        this.drive(dtS, 18 + this.random() * 6);
        if (distanceM(this.position, this.target) < 5) {
          this.mode = 'on_scene';
          this.modeUntil =
            now +
            (ON_SCENE_MINUTES.min + this.random() * (ON_SCENE_MINUTES.max - ON_SCENE_MINUTES.min)) * 60_000;
        }
        break;
      case 'on_scene':
      case 'parked':
        this.speed = 0;
        if (now >= this.modeUntil) {
          this.mode = 'patrol';
          this.target = randomNear(this.home, 4000, this.random);
        }
        break;
      case 'patrol':
        this.drive(dtS, 8 + this.random() * 6);
        if (distanceM(this.position, this.target) < 5) {
          if (!this.responder && this.random() < 0.5) {
            this.mode = 'parked';
            this.modeUntil = now + (2 + this.random() * 8) * 60_000;
          }
          this.target = randomNear(this.home, 4000, this.random);
        }
        break;
    }
    this.battery = Math.max(5, this.battery - 0.01 * dtS);
    return {
      deviceId: this.deviceId,
      ...this.position,
      speed: this.speed,
      course: this.course,
      accuracy: 4 + this.random() * 12,
      battery: Math.round(this.battery),
      alerting: this.busy,
    };
  }

  private drive(dtS: number, speed: number): void {
    this.speed = speed;
    this.course = bearingDeg(this.position, this.target);
    this.position = stepToward(this.position, this.target, speed * dtS);
  }
}
