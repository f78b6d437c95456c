/** Files the browser downloads, built here (no server round trip). */
import { toZoneInput } from './format-time';

/** A name made safe for a file name: lower case, runs of other characters as one '-'. */
const slugOf = (name: string, fallback: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;

/**
 * `{what}-{organisation}-{yyyy-MM-dd}.{extension}`, the organisation's name made safe for a file name
 * and the day on the organisation's clock.
 */
export function dayFileName(what: string, organisationName: string, day: Date, extension: string): string {
  const date = toZoneInput(day).slice(0, 10);
  return `${what}-${slugOf(organisationName, 'organisation')}-${date}.${extension}`;
}

/** `{asset}-{yyyy-MM-dd-HHmm}.{extension}` (on the organisation's clock), the asset's name made safe. */
export function assetTimeFileName(assetName: string, at: string | Date, extension: string): string {
  const time = toZoneInput(at).replace('T', '-').replace(':', '');
  return `${slugOf(assetName, 'asset')}-${time}.${extension}`;
}

/** `{asset}-configuration.json`, the asset's name made safe: its device configuration file. */
export function configurationFileName(assetName: string): string {
  return `${slugOf(assetName, 'asset')}-configuration.json`;
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
