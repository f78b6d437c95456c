/** POST /organization/export: asks for an export; the list is loaded again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExportSchema, type ExportInput } from '@flare/core/schemas/export';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { EXPORTS_KEY } from './get-exports';

export async function createExport(input: ExportInput) {
  return parseResponse(
    ExportSchema,
    await apiFetch<unknown>('/organization/export', { method: 'POST', body: input }),
  );
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
