/**
 * Import from a GeoJSON file: read it with core's rules, then post each accepted feature through the
 * ordinary save (the server checks every rule again, and who may add which type). Features the server
 * refuses are reported with its message, next to those refused on reading.
 */
import { AreaGeoJsonError, areaInputsFromGeoJson, type AreaImport } from '@flare/core/areas/area-geojson';
import { AREA_MESSAGES, type EzType } from '@flare/core/schemas/area';
import { ApiError } from '../../../lib/api-client';
import { saveArea } from '../api/save-area';

export const NOT_JSON = 'The file is not valid JSON';

export type Refusal = AreaImport['refused'][number];

export interface ImportSummary {
  imported: number;
  /** In the file's order. */
  refused: Refusal[];
}

/** The file's features as save payloads; throws AreaGeoJsonError when the file is not GeoJSON. */
export async function readAreasFile(file: Blob, ezTypes: readonly EzType[]): Promise<AreaImport> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new AreaGeoJsonError(NOT_JSON);
  }
  return areaInputsFromGeoJson(json, ezTypes);
}

/** Saves the accepted features one after another, reporting how many are done before each. */
export async function saveImportedAreas(
  { inputs, refused }: AreaImport,
  onProgress: (done: number, total: number) => void,
): Promise<ImportSummary> {
  const refusedByServer: Refusal[] = [];
  for (const [done, { index, input }] of inputs.entries()) {
    onProgress(done, inputs.length);
    try {
      await saveArea({ id: null, input });
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : AREA_MESSAGES.unableToSave;
      refusedByServer.push({ index, name: input.name, reason });
    }
  }
  return {
    imported: inputs.length - refusedByServer.length,
    refused: [...refused, ...refusedByServer].sort((a, b) => a.index - b.index),
  };
}
