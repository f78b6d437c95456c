/** A run as a GPX or GeoJSON file the browser downloads, named after the asset and the run's start. */
import { runToGeoJson, runToGpx } from '@flare/core/trips/trip-export';
import type { TripRun } from '@flare/core/trips/trip-runs';
import { assetTimeFileName, downloadFile } from '../../../lib/download-file';

export function downloadRunGpx(run: TripRun, assetName: string): void {
  downloadFile(
    runToGpx(run, assetName, new Date()),
    'application/gpx+xml',
    assetTimeFileName(assetName, run.run_start, 'gpx'),
  );
}

export function downloadRunGeoJson(run: TripRun, assetName: string): void {
  downloadFile(
    JSON.stringify(runToGeoJson(run, assetName), null, 2),
    'application/geo+json',
    assetTimeFileName(assetName, run.run_start, 'geojson'),
  );
}
