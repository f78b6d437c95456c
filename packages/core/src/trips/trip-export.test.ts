import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runToGeoJson, runToGpx } from './trip-export';
import { summariseRun, type TripRun } from './trip-runs';

const RUN: TripRun = {
  run_id: '81234',
  run_start: '2026-11-23T08:00:00.000Z',
  run_end: '2026-11-23T08:00:40.000Z',
  run_duration: 40,
  is_active: false,
  points: [
    { lat: 39.78, lng: -89.65, course: 0, speed: 10.3, timestamp: '2026-11-23T08:00:00.000Z' },
    { lat: 39.781, lng: -89.6501, course: 355.5, speed: 12, timestamp: '2026-11-23T08:00:20.000Z' },
    { lat: 39.782, lng: -89.6502, course: null, speed: null, timestamp: '2026-11-23T08:00:40.000Z' },
  ],
};
const CREATED = new Date('2026-11-24T09:30:00.000Z');

interface ParsedTrackPoint {
  '@_lat': number;
  '@_lon': number;
  time: string;
  extensions?: { 'gpxtpx:TrackPointExtension': { 'gpxtpx:speed'?: number; 'gpxtpx:course'?: number } };
}

const parseGpx = (document: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseAttributeValue: true }).parse(
    document,
  ) as {
    gpx: {
      '@_version': string;
      '@_creator': string;
      '@_xmlns': string;
      metadata: { name: string; time: string };
      trk: { name: string; trkseg: { trkpt: ParsedTrackPoint[] } };
    };
  };

describe('runToGpx', () => {
  it('is a valid GPX 1.1 document by Flare with the asset and the file time in its metadata', () => {
    const document = runToGpx(RUN, 'Patrol 110', CREATED);
    expect(XMLValidator.validate(document)).toBe(true);
    const { gpx } = parseGpx(document);
    expect(gpx['@_version']).toBe(1.1);
    expect(gpx['@_creator']).toBe('Flare');
    expect(gpx['@_xmlns']).toBe('http://www.topografix.com/GPX/1/1');
    expect(gpx.metadata).toEqual({ name: 'Patrol 110', time: '2026-11-24T09:30:00.000Z' });
    expect(gpx.trk.name).toBe('Patrol 110 2026-11-23T08:00:00.000Z');
  });

  it('holds every point in order with its time, and its speed and course when known', () => {
    const { gpx } = parseGpx(runToGpx(RUN, 'Patrol 110', CREATED));
    const points = gpx.trk.trkseg.trkpt;
    expect(points.map((p) => [p['@_lat'], p['@_lon'], p.time])).toEqual(
      RUN.points.map((p) => [p.lat, p.lng, p.timestamp]),
    );
    expect(points[0]!.extensions).toEqual({
      'gpxtpx:TrackPointExtension': { 'gpxtpx:speed': 10.3, 'gpxtpx:course': 0 },
    });
    expect(points[1]!.extensions?.['gpxtpx:TrackPointExtension']['gpxtpx:course']).toBe(355.5);
    expect(points[2]!.extensions).toBeUndefined();
  });

  it("escapes the asset's name", () => {
    const document = runToGpx(RUN, 'Unit <7> & "Co"', CREATED);
    expect(XMLValidator.validate(document)).toBe(true);
    expect(document).toContain('<name>Unit &lt;7&gt; &amp; &quot;Co&quot;</name>');
    expect(parseGpx(document).gpx.metadata.name).toBe('Unit <7> & "Co"');
  });
});

describe('runToGeoJson', () => {
  it('is a FeatureCollection: the run as a LineString with its summary, then its points', () => {
    const collection = runToGeoJson(RUN, 'Patrol 110');
    const summary = summariseRun(RUN);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(1 + RUN.points.length);
    const [line, ...points] = collection.features;
    expect(line.geometry.type).toBe('LineString');
    expect(line.properties).toEqual({
      asset_name: 'Patrol 110',
      run_id: '81234',
      run_start: RUN.run_start,
      run_end: RUN.run_end,
      duration_s: 40,
      distance_m: summary.distanceM,
      max_speed_mps: 12,
      avg_speed_mps: summary.averageSpeedMps,
    });
    expect(points.map((p) => [p.geometry.type, p.properties])).toEqual(
      RUN.points.map((p) => ['Point', { time: p.timestamp, speed: p.speed, course: p.course }]),
    );
  });

  it('round-trips the coordinates through JSON, longitude first', () => {
    const parsed = JSON.parse(JSON.stringify(runToGeoJson(RUN, 'Patrol 110'))) as ReturnType<
      typeof runToGeoJson
    >;
    const lngLats = RUN.points.map((p) => [p.lng, p.lat]);
    expect(parsed.features[0].geometry.coordinates).toEqual(lngLats);
    expect(parsed.features.slice(1).map((f) => f.geometry.coordinates)).toEqual(lngLats);
  });
});
