/** Files the browser downloads, built here (no server round trip). */
import dayjs from 'dayjs';

/** `{what}-{organisation}-{yyyy-MM-dd}.{extension}`, the organisation's name made safe for a file name. */
export function dayFileName(what: string, organisationName: string, day: Date, extension: string): string {
  const slug = organisationName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${what}-${slug || 'organisation'}-${dayjs(day).format('YYYY-MM-DD')}.${extension}`;
}

export function downloadFile(content: string, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
