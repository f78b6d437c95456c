/**
 * Street names of incidents and closures by reverse geocoding over HTTP: Nominatim's `/reverse` (format
 * jsonv2) or Photon's `/reverse` (GeoJSON), told apart by the answer. Answers are cached per position
 * rounded to 4 decimals (about 11 m), and requests go out one at a time each `minIntervalMs` after the
 * previous one ended (Nominatim's public service allows one a second). Only the incidents' and the
 * closures' street jobs call it, so a slow or failing geocoder never holds up ingest or a save.
 */
import { LRUCache } from 'lru-cache';

const TIMEOUT_MS = 5_000;
const CACHE_ENTRIES = 10_000;

export class GeocoderError extends Error {}

interface NominatimReverse {
  error?: string;
  name?: string;
  address?: Record<string, string | undefined>;
}
interface PhotonReverse {
  features?: Array<{ properties?: { street?: string; name?: string } }>;
}

/** Nominatim's address parts that name a way, most specific first. */
const NOMINATIM_WAYS = ['road', 'pedestrian', 'footway', 'path', 'cycleway', 'residential', 'square'];

export function streetOf(body: NominatimReverse & PhotonReverse): string | null {
  if (Array.isArray(body.features)) {
    const properties = body.features[0]?.properties;
    return properties?.street ?? properties?.name ?? null;
  }
  if (body.error) return null;
  const address = body.address ?? {};
  for (const way of NOMINATIM_WAYS) if (address[way]) return address[way];
  return body.name || null;
}

export class StreetGeocoder {
  /** Answers (and requests under way) by rounded position; a failed request is forgotten. */
  private readonly cache = new LRUCache<string, Promise<string | null>>({ max: CACHE_ENTRIES });
  private queue: Promise<unknown> = Promise.resolve();
  private lastRequestAt = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly options: { minIntervalMs: number; userAgent: string; fetchImpl?: typeof fetch },
  ) {}

  /** The street at a point, or null where the geocoder knows none; throws GeocoderError when it fails. */
  async streetAt(lat: number, lng: number): Promise<string | null> {
    const key = `${lat.toFixed(4)},${lng.toFixed(4)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const request = this.queue.then(() => this.request(lat, lng));
    this.queue = request.catch(() => undefined);
    this.cache.set(key, request);
    request.catch(() => this.cache.delete(key));
    return request;
  }

  private async request(lat: number, lng: number): Promise<string | null> {
    const wait = this.lastRequestAt + this.options.minIntervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await this.ask(lat, lng);
    } finally {
      // Spaced from the end of the previous request, so the geocoder itself sees the gap even when a
      // request took long to arrive (Nominatim's policy: at most one request per second).
      this.lastRequestAt = Date.now();
    }
  }

  private async ask(lat: number, lng: number): Promise<string | null> {
    const url = new URL('reverse', `${this.baseUrl.replace(/\/$/, '')}/`);
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: String(lat),
      lon: String(lng),
      zoom: '17',
      addressdetails: '1',
    }).toString();
    let response: Response;
    try {
      response = await (this.options.fetchImpl ?? fetch)(url, {
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new GeocoderError(`geocoder unreachable (${error instanceof Error ? error.name : 'error'})`);
    }
    if (!response.ok) throw new GeocoderError(`geocoder answered ${response.status}`);
    const body = (await response.json().catch(() => null)) as (NominatimReverse & PhotonReverse) | null;
    if (body === null || typeof body !== 'object') throw new GeocoderError('geocoder answered no JSON');
    return streetOf(body);
  }
}
