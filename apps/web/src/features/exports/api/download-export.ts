/**
 * GET /organization/export/file/{file_id}: a short-lived signed link to the export's file, opened at
 * once so the browser downloads it under the export's title.
 */
import { useMutation } from '@tanstack/react-query';
import { ExportFileLinkSchema } from '@flare/core/schemas/export';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function downloadExport(fileId: string): Promise<void> {
  const { file_url } = parseResponse(
    ExportFileLinkSchema,
    await apiFetch<unknown>(`/organization/export/file/${encodeURIComponent(fileId)}`),
  );
  const link = document.createElement('a');
  link.href = file_url;
  link.rel = 'noopener';
  link.click();
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
