/**
 * What the driver view's link says: whose alerts it shows (a partner's API key in the fragment, so
 * it never reaches a server's logs; else the signed-in session) and whether it drives a simulated car
 * (`?demo`, from `from=lat,lng` along `heading=` degrees at `speed=` km/h) or follows the device's
 * GPS. A key once opened is remembered on the device, so the installed app (which opens /drive
 * without the fragment) finds it again.
 */
import { DEFAULT_MAP_CENTRE, type LngLat } from '../../map/map-commands';
import { drivenFrom } from './simulated-drive';

const KEY_STORAGE = 'flare.drive.key';

export interface SimulatedDrive {
  from: LngLat;
  /** Degrees clockwise from north. */
  heading: number;
  speedKmh: number;
}

export interface DriveLink {
  /** The partner key the alerts are read with; null: the signed-in session's. */
  apiKey: string | null;
  /** Null: follow the device's GPS. */
  simulation: SimulatedDrive | null;
}

/** A demo drive with nothing said: eastwards through the demo city at 50 km/h, 1.5 km out. */
export const DEMO_DRIVE: SimulatedDrive = {
  from: drivenFrom(DEFAULT_MAP_CENTRE, 1_500, 270),
  heading: 90,
  speedKmh: 50,
};

function numberIn(text: string | null, min: number, max: number): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function lngLatOf(text: string | null): LngLat | null {
  const [lat, lng, ...rest] = (text ?? '').split(',');
  if (rest.length > 0) return null;
  const latitude = numberIn(lat ?? null, -90, 90);
  const longitude = numberIn(lng ?? null, -180, 180);
  return latitude === null || longitude === null ? null : [longitude, latitude];
}

export function parseDriveLink({ search, hash }: Pick<Location, 'search' | 'hash'>): DriveLink {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const simulation = query.has('demo')
    ? {
        from: lngLatOf(query.get('from')) ?? DEMO_DRIVE.from,
        heading: numberIn(query.get('heading'), 0, 360) ?? DEMO_DRIVE.heading,
        speedKmh: numberIn(query.get('speed'), 1, 300) ?? DEMO_DRIVE.speedKmh,
      }
    : null;
  return { apiKey: fragment.get('key') || null, simulation };
}

/** The link's key, remembered on this device; else the one remembered from an earlier link. */
export function rememberedKey(fromLink: string | null): string | null {
  if (fromLink) {
    localStorage.setItem(KEY_STORAGE, fromLink);
    return fromLink;
  }
  return localStorage.getItem(KEY_STORAGE);
}

/** Forgets the remembered key (it was refused: revoked, or not an alerts key). */
export function forgetKey(): void {
  localStorage.removeItem(KEY_STORAGE);
}
