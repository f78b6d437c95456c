/** Files the browser downloads, built here (no server round trip). */
import dayjs from 'dayjs';

/** A name made safe for a file name: lower case, runs of other characters as one '-'. */
const slugOf = (name: string, fallback: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;

/** `{what}-{organisation}-{yyyy-MM-dd}.{extension}`, the organisation's name made safe for a file name. */
export function dayFileName(what: string, organisationName: string, day: Date, extension: string): string {
  return `${what}-${slugOf(organisationName, 'organisation')}-${dayjs(day).format('YYYY-MM-DD')}.${extension}`;
}

/** `{asset}-{yyyy-MM-dd-HHmm}.{extension}` (local time), the asset's name made safe for a file name. */
export function assetTimeFileName(assetName: string, at: string | Date, extension: string): string {
  return `${slugOf(assetName, 'asset')}-${dayjs(at).format('YYYY-MM-DD-HHmm')}.${extension}`;
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
