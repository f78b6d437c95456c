/** A simulated car for the driver view's demo mode: straight on from its start at a steady speed. */
import destination from '@turf/destination';
import type { VehiclePosition } from '@flare/core/alerts/alert-relevance';
import type { LngLat } from '../../map/map-commands';
import type { SimulatedDrive } from './drive-link';

/** Where `metres` along `heading` from `from` lies. */
export function drivenFrom(from: LngLat, metres: number, heading: number): LngLat {
  return destination(from, metres, heading, { units: 'meters' }).geometry.coordinates as LngLat;
}

/** Where the simulated car is `elapsedMs` after it set off. */
export function simulatedPosition(drive: SimulatedDrive, elapsedMs: number): VehiclePosition {
  const metres = (drive.speedKmh / 3.6) * (elapsedMs / 1000);
  const [lng, lat] = drivenFrom(drive.from, metres, drive.heading);
  return { lat, lng, heading: drive.heading };
}
