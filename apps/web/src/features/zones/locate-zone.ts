/** Fits the map to a zone's line. */
import type { Zone } from '@flare/core/schemas/zone';
import { fitMap } from '../../map/map-commands';

export function centreOnZone(zone: Zone): void {
  fitMap(zone.features.features.flatMap((feature) => feature.geometry.coordinates));
}
