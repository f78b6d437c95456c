/** Importing areas from a GeoJSON file: read with core's area rules, saved through the ordinary save. */
import { areaInputsFromGeoJson, type AreaImport } from '@flare/core/areas/area-geojson';
import { parseJsonText } from '@flare/core/geojson/feature-import';
import { AREA_MESSAGES, type AreaInput, type EzType } from '@flare/core/schemas/area';
import type { FeatureSaver } from '../../../lib/feature-import';
import { saveArea } from '../api/save-area';

/** The file's features as save payloads; throws GeoJsonFileError when the file is not GeoJSON. */
export async function readAreasFile(file: Blob, ezTypes: readonly EzType[]): Promise<AreaImport> {
  return areaInputsFromGeoJson(parseJsonText(await file.text()), ezTypes);
}

export const AREA_SAVER: FeatureSaver<AreaInput> = {
  save: (input) => saveArea({ id: null, input }),
  nameOf: (input) => input.name,
  unableToSave: AREA_MESSAGES.unableToSave,
};
