/**
 * The map's coordinate search box: "lat, lng" as typed (41.8623, -87.6167), required, and invalid
 * unless both numbers parse and lie on the Earth.
 */
export const COORDINATE_SEARCH = {
  label: 'lat, lng',
  placeholder: '41.8623, -87.6167',
  invalid: 'Invalid coordinates',
  required: 'Required',
} as const;

export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => !/^[-+]?\d+(\.\d+)?$/.test(part))) return null;
  const [lat, lng] = parts.map(Number) as [number, number];
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** The message for what is in the box, or null when it is a position. */
export function coordinateSearchError(text: string): string | null {
  if (text.trim() === '') return COORDINATE_SEARCH.required;
  return parseCoordinates(text) ? null : COORDINATE_SEARCH.invalid;
}
