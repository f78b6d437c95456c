/** Importing areas: the area types are needed to read the file's `ez_type`s. */
import { useCallback } from 'react';
import type { EzType } from '@flare/core/schemas/area';
import { useFeatureImport } from '../../../lib/feature-import';
import { AREAS_KEY } from '../api/get-areas';
import { AREA_SAVER, readAreasFile } from './import-areas';

export function useAreaImport(ezTypes: readonly EzType[]) {
  const read = useCallback((file: Blob) => readAreasFile(file, ezTypes), [ezTypes]);
  return useFeatureImport(read, AREA_SAVER, AREAS_KEY);
}
