/**
 * The trip report on the map while the Trips section is open: each run's path in its asset's colour,
 * the trip points at zoom 17 or closer, and the replayed asset where the replay's time puts it; the
 * map follows the replayed asset when it leaves the view (the user zoomed in, or panned away).
 */
import type { Feature } from 'geojson';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { TRIP_REPORT, type Trip } from '@flare/core/schemas/trip';
import { collection, EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useMap } from '../../../map/map-context';
import { useTrips } from '../api/get-trip';
import { positionAt } from '../replay/replay-position';
import { useReplay } from '../replay/replay-store';
import { reportFromSearch, TRIP_COLOURS, TRIPS_PATH } from '../trip-search';

const PATHS: readonly SourceLayer[] = [
  {
    id: 'flare-trip-paths',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': 4, 'line-opacity': 0.85 },
  },
];
const POINTS: readonly SourceLayer[] = [
  {
    id: 'flare-trip-points',
    type: 'circle',
    minzoom: TRIP_REPORT.pointsMinZoom,
    paint: {
      'circle-radius': 4,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
];
const REPLAY: readonly SourceLayer[] = [
  {
    id: 'flare-trip-replay',
    type: 'circle',
    paint: {
      'circle-radius': 9,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

export function TripsLayer() {
  const { pathname, search } = useLocation();
  const report = useMemo(
    () => (pathname.startsWith(TRIPS_PATH) ? reportFromSearch(new URLSearchParams(search)) : null),
    [pathname, search],
  );
  const window = useMemo(() => report && { start: report.start, end: report.end }, [report]);
  const results = useTrips(report?.thingIds ?? [], window);
  const colourOf = useMemo(() => {
    const ids = report?.thingIds ?? [];
    return (thingId: string) => TRIP_COLOURS[Math.max(0, ids.indexOf(thingId))]!;
  }, [report]);
  const loaded = useMemo(() => results.flatMap((result) => (result.trip ? [result.trip] : [])), [results]);
  const paths = useMemo(
    () => collection(loaded.flatMap((trip) => runLines(trip, colourOf))),
    [loaded, colourOf],
  );
  const points = useMemo(
    () => collection(loaded.flatMap((trip) => runPoints(trip, colourOf))),
    [loaded, colourOf],
  );

  const state = useReplay();
  const replayedAt = useMemo(() => {
    if (!state) return null;
    const [thingId, runId] = state.runKey.split(':');
    const run = loaded.find((trip) => trip.thing_id === thingId)?.runs.find((r) => r.run_id === runId);
    const at = run && positionAt(run.points, state.at);
    return at ? { lng: at.lng, lat: at.lat, colour: colourOf(thingId!) } : null;
  }, [state, loaded, colourOf]);
  const replayed = useMemo(
    () =>
      replayedAt
        ? collection([pointFeature(replayedAt.lng, replayedAt.lat, replayedAt.colour)])
        : EMPTY_COLLECTION,
    [replayedAt],
  );
  const map = useMap();
  useEffect(() => {
    if (replayedAt && !map.getBounds().contains(replayedAt)) map.panTo(replayedAt);
  }, [map, replayedAt]);

  useGeoJsonLayer('flare-trip-paths', PATHS, paths);
  useGeoJsonLayer('flare-trip-points', POINTS, points);
  useGeoJsonLayer('flare-trip-replay', REPLAY, replayed);
  return null;
}

function runLines(trip: Trip, colourOf: (thingId: string) => string): Feature[] {
  return trip.runs.map((run) => ({
    type: 'Feature',
    properties: { colour: colourOf(trip.thing_id), run_id: run.run_id },
    geometry: { type: 'LineString', coordinates: run.points.map((p) => [p.lng, p.lat]) },
  }));
}

function runPoints(trip: Trip, colourOf: (thingId: string) => string): Feature[] {
  return trip.runs.flatMap((run) =>
    run.points.map((p) => pointFeature(p.lng, p.lat, colourOf(trip.thing_id))),
  );
}

function pointFeature(lng: number, lat: number, colour: string): Feature {
  return { type: 'Feature', properties: { colour }, geometry: { type: 'Point', coordinates: [lng, lat] } };
}
