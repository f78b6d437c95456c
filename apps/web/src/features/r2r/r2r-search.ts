/** The R2R search in the URL (asset, start, selected alert), so a search can be shared and the map layer reads it. */
export const R2R_PATH = '/dashboard/r2r';

export interface R2rSearch {
  thingId: string;
  /** ISO time the 15-minute window starts. */
  start: string;
  /** The alert shown on the map. */
  alertId: string | null;
}

export function searchFromUrl(search: URLSearchParams): R2rSearch | null {
  const thingId = search.get('thing');
  const start = search.get('start');
  if (!thingId || !start) return null;
  return { thingId, start, alertId: search.get('alert') };
}

export function urlOfSearch(search: R2rSearch): string {
  const params = new URLSearchParams({ thing: search.thingId, start: search.start });
  if (search.alertId) params.set('alert', search.alertId);
  return `?${params}`;
}

/** The map's colours of the two sides of an alert. */
export const R2R_COLOURS = { alerting: '#c92a2a', alerted: '#1971c2' } as const;
