/** Where the asset was at a time of its run: between the two points around it, by time. */
import type { Trip } from '@flare/core/schemas/trip';

type RunPoint = Trip['runs'][number]['points'][number];

export interface ReplayPosition {
  lat: number;
  lng: number;
  course: number | null;
  /** m/s, of the point reached last. */
  speed: number | null;
}

export function positionAt(points: readonly RunPoint[], at: number): ReplayPosition | null {
  if (points.length === 0) return null;
  let i = 0;
  while (i < points.length - 1 && Date.parse(points[i + 1]!.timestamp) <= at) i++;
  const from = points[i]!;
  const to = points[i + 1];
  const start = Date.parse(from.timestamp);
  if (!to || at <= start) return { lat: from.lat, lng: from.lng, course: from.course, speed: from.speed };
  const share = (at - start) / (Date.parse(to.timestamp) - start);
  return {
    lat: from.lat + (to.lat - from.lat) * share,
    lng: from.lng + (to.lng - from.lng) * share,
    course: from.course,
    speed: from.speed,
  };
}
