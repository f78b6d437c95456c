/** Zones as GeoJSON: the listed zones as a file to download, and a file's zones imported through the ordinary save. */
import { parseJsonText } from '@flare/core/geojson/feature-import';
import { ZONE_MESSAGES, type Zone, type ZoneInput } from '@flare/core/schemas/zone';
import { zoneInputsFromGeoJson, zonesToGeoJson, type ZoneImport } from '@flare/core/zones/zone-geojson';
import { dayFileName, downloadFile } from '../../../lib/download-file';
import type { FeatureSaver } from '../../../lib/feature-import';
import { saveZone } from '../api/save-zone';

export function downloadZonesGeoJson(zones: readonly Zone[], organisationName: string): void {
  downloadFile(
    JSON.stringify(zonesToGeoJson(zones), null, 2),
    'application/geo+json',
    dayFileName('zones', organisationName, new Date(), 'geojson'),
  );
}

/** The file's zones as save payloads; throws GeoJsonFileError when the file is not GeoJSON. */
export async function readZonesFile(file: Blob): Promise<ZoneImport> {
  return zoneInputsFromGeoJson(parseJsonText(await file.text()));
}

export const ZONE_SAVER: FeatureSaver<ZoneInput> = {
  save: (input) => saveZone({ id: null, input }),
  nameOf: (input) => input.hotspot_id,
  unableToSave: ZONE_MESSAGES.unableToSave,
};
