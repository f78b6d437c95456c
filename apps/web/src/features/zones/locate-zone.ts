/** Fits the map to a zone's line. */
import type { AlertingZone } from '@flare/core/schemas/alerting-zone';
import { fitMap } from '../../map/map-commands';

export function centreOnZone(zone: AlertingZone): void {
  fitMap(zone.features.features.flatMap((feature) => feature.geometry.coordinates));
}
