/** Export GeoJSON: the areas as a file the browser downloads. */
import { areasToGeoJson } from '@flare/core/areas/area-geojson';
import type { Area } from '@flare/core/schemas/area';
import { dayFileName, downloadFile } from '../../../lib/download-file';

/** `areas-{organisation}-{yyyy-MM-dd}.geojson`. */
export const areasFileName = (organisationName: string, day: Date) =>
  dayFileName('areas', organisationName, day, 'geojson');

export function downloadAreasGeoJson(areas: readonly Area[], organisationName: string): void {
  downloadFile(
    JSON.stringify(areasToGeoJson(areas), null, 2),
    'application/geo+json',
    areasFileName(organisationName, new Date()),
  );
}
