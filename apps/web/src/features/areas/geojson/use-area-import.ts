/** The import in progress, as the dialog shows it: reading, saving (n of total), done, or failed. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { AreaGeoJsonError } from '@flare/core/areas/area-geojson';
import { MESSAGES } from '@flare/core/messages';
import type { EzType } from '@flare/core/schemas/area';
import { AREAS_KEY } from '../api/get-areas';
import { readAreasFile, saveImportedAreas, type ImportSummary } from './import-areas';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'importing'; done: number; total: number }
  | { phase: 'done'; summary: ImportSummary }
  | { phase: 'failed'; message: string };

export function useAreaImport(ezTypes: readonly EzType[]) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });

  const start = useCallback(
    async (file: Blob) => {
      setState({ phase: 'importing', done: 0, total: 0 });
      try {
        const read = await readAreasFile(file, ezTypes);
        const summary = await saveImportedAreas(read, (done, total) =>
          setState({ phase: 'importing', done, total }),
        );
        setState({ phase: 'done', summary });
      } catch (error) {
        // A file that cannot be read at all, or a failure of our own: the dialog says so either way.
        setState({
          phase: 'failed',
          message: error instanceof AreaGeoJsonError ? error.message : MESSAGES.unknownFailure,
        });
      } finally {
        // Once for the whole file, not after every area.
        await queryClient.invalidateQueries({ queryKey: AREAS_KEY });
      }
    },
    [ezTypes, queryClient],
  );

  const close = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, close };
}
