/** Export GeoJSON: the areas as a file the browser downloads (built here: no server round trip). */
import dayjs from 'dayjs';
import { areasToGeoJson } from '@flare/core/areas/area-geojson';
import type { Area } from '@flare/core/schemas/area';

/** `areas-{organisation}-{yyyy-MM-dd}.geojson`, the organisation's name made safe for a file name. */
export function areasFileName(organisationName: string, day: Date): string {
  const slug = organisationName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `areas-${slug || 'organisation'}-${dayjs(day).format('YYYY-MM-DD')}.geojson`;
}

export function downloadAreasGeoJson(areas: readonly Area[], organisationName: string): void {
  const blob = new Blob([JSON.stringify(areasToGeoJson(areas), null, 2)], { type: 'application/geo+json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = areasFileName(organisationName, new Date());
  link.click();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
