/**
 * A run as a file other tools read: GPX 1.1 (one track of one segment, every point with its time,
 * speed and course in Garmin's TrackPointExtension, which GPX readers know) and GeoJSON (the run as a
 * LineString with its summary, then each point as a Point with its time, speed and course).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { summariseRun, type TripRun } from './trip-runs';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const GPX_SCHEMA = 'http://www.topografix.com/GPX/1/1/gpx.xsd';
/** Speed in m/s, course in degrees: the units Flare keeps. */
const TRACK_POINT_EXTENSION = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** The track's name: the asset and when the run started. */
export const runTrackName = (assetName: string, run: Pick<TripRun, 'run_start'>) =>
  `${assetName} ${run.run_start}`;

/** The run as a GPX 1.1 document; `createdAt` is the file's time in its metadata. */
export function runToGpx(run: TripRun, assetName: string, createdAt: Date): string {
  return xml.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': 'Flare',
      '@_xmlns': GPX_NAMESPACE,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation': `${GPX_NAMESPACE} ${GPX_SCHEMA}`,
      '@_xmlns:gpxtpx': TRACK_POINT_EXTENSION,
      metadata: { name: assetName, time: createdAt.toISOString() },
      trk: {
        name: runTrackName(assetName, run),
        trkseg: {
          trkpt: run.points.map((point) => ({
            '@_lat': point.lat,
            '@_lon': point.lng,
            time: point.timestamp,
            ...trackPointExtension(point.speed, point.course),
          })),
        },
      },
    },
  });
}

/** Speed and course, each only when known (a point with neither has no extensions). */
function trackPointExtension(speed: number | null, course: number | null) {
  if (speed === null && course === null) return {};
  return {
    extensions: {
      'gpxtpx:TrackPointExtension': {
        ...(speed !== null && { 'gpxtpx:speed': speed }),
        ...(course !== null && { 'gpxtpx:course': course }),
      },
    },
  };
}

export interface RunLineProperties {
  asset_name: string;
  run_id: string;
  run_start: string;
  run_end: string;
  /** Seconds. */
  duration_s: number;
  distance_m: number;
  max_speed_mps: number;
  avg_speed_mps: number;
}

export interface RunPointProperties {
  time: string;
  /** m/s. */
  speed: number | null;
  /** Degrees. */
  course: number | null;
}

export interface RunLineFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: Array<[number, number]> };
  properties: RunLineProperties;
}

export interface RunPointFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: RunPointProperties;
}

export interface RunFeatureCollection {
  type: 'FeatureCollection';
  features: [RunLineFeature, ...RunPointFeature[]];
}

/** The run as GeoJSON: its LineString first, then its points in order. */
export function runToGeoJson(run: TripRun, assetName: string): RunFeatureCollection {
  const summary = summariseRun(run);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: run.points.map((p) => [p.lng, p.lat]) },
        properties: {
          asset_name: assetName,
          run_id: run.run_id,
          run_start: run.run_start,
          run_end: run.run_end,
          duration_s: summary.durationS,
          distance_m: summary.distanceM,
          max_speed_mps: summary.maxSpeedMps,
          avg_speed_mps: summary.averageSpeedMps,
        },
      },
      ...run.points.map((p): RunPointFeature => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
        properties: { time: p.timestamp, speed: p.speed, course: p.course },
      })),
    ],
  };
}
