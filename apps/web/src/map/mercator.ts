/** Web Mercator in MapLibre's units: the world is [0, 1] in x and y, y growing southwards. */

/** The latitude MapLibre's square world reaches. */
const MAX_LATITUDE = 85.051129;

export function mercatorOf(lng: number, lat: number): [x: number, y: number] {
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** The world's width in pixels at a zoom (512 at zoom 0). */
export function worldSize(zoom: number): number {
  return 512 * 2 ** zoom;
}
