/**
 * Importing a GeoJSON file (areas, zones): read it with core's rules, then post each accepted
 * feature through the ordinary save (the server checks every rule again, and who may add what).
 * Features the server refuses are reported with its message, next to those refused on reading.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { GeoJsonFileError, type FeatureImport } from '@flare/core/geojson/feature-import';
import { MESSAGES } from '@flare/core/messages';
import { ApiError } from './api-client';

export type Refusal = FeatureImport<unknown>['refused'][number];

export interface ImportSummary {
  imported: number;
  /** In the file's order. */
  refused: Refusal[];
}

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'importing'; done: number; total: number }
  | { phase: 'done'; summary: ImportSummary }
  | { phase: 'failed'; message: string };

export interface FeatureSaver<Input> {
  save: (input: Input) => Promise<unknown>;
  /** How the summary names a feature the server refused. */
  nameOf: (input: Input) => string;
  /** The reason when the server gives none. */
  unableToSave: string;
}

/** Saves the accepted features one after another, reporting how many are done before each. */
export async function saveImported<Input>(
  { inputs, refused }: FeatureImport<Input>,
  saver: FeatureSaver<Input>,
  onProgress: (done: number, total: number) => void,
): Promise<ImportSummary> {
  const refusedByServer: Refusal[] = [];
  for (const [done, { index, input }] of inputs.entries()) {
    onProgress(done, inputs.length);
    try {
      await saver.save(input);
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : saver.unableToSave;
      refusedByServer.push({ index, name: saver.nameOf(input), reason });
    }
  }
  return {
    imported: inputs.length - refusedByServer.length,
    refused: [...refused, ...refusedByServer].sort((a, b) => a.index - b.index),
  };
}

/** The import in progress, as the dialog shows it: reading, saving (n of total), done, or failed. */
export function useFeatureImport<Input>(
  read: (file: Blob) => Promise<FeatureImport<Input>>,
  saver: FeatureSaver<Input>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });

  const start = useCallback(
    async (file: Blob) => {
      setState({ phase: 'importing', done: 0, total: 0 });
      try {
        const summary = await saveImported(await read(file), saver, (done, total) =>
          setState({ phase: 'importing', done, total }),
        );
        setState({ phase: 'done', summary });
      } catch (error) {
        // A file that cannot be read at all, or a failure of our own: the dialog says so either way.
        setState({
          phase: 'failed',
          message: error instanceof GeoJsonFileError ? error.message : MESSAGES.unknownFailure,
        });
      } finally {
        // Once for the whole file, not after every feature.
        await queryClient.invalidateQueries({ queryKey });
      }
    },
    [read, saver, queryKey, queryClient],
  );

  const close = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, close };
}
