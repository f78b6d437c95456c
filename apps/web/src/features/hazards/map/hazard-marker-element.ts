/**
 * A hazard's map marker: a button with a road-sign diamond in its severity's colour (grey once
 * resolved; larger the more severe), named for screen readers; the open hazard's is outlined.
 */
import {
  HAZARD_SEVERITIES,
  HAZARD_STATUS_LABELS,
  HAZARD_TYPES,
  type Hazard,
  type HazardSeverity,
} from '@flare/core/schemas/hazard';
import { markerButton } from '../../../map/dom-markers';
import { RESOLVED_COLOUR, SEVERITY_COLOURS } from '../hazard-look';

const SIZES: Record<HazardSeverity, number> = { low: 24, medium: 28, high: 32 };
const MAX_SIZE = SIZES.high;

function iconSvg(colour: string, size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true">
<path d="M12 1.5 L22.5 12 L12 22.5 L1.5 12 Z" fill="${colour}" stroke="white" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M12 7 V13 M12 16.5 V17" stroke="white" stroke-width="2.4" stroke-linecap="round"/></svg>`;
}

export function hazardMarkerLabel(hazard: Hazard): string {
  return `${HAZARD_TYPES[hazard.hazard_type]} hazard, ${HAZARD_SEVERITIES[hazard.severity].toLowerCase()} severity, ${HAZARD_STATUS_LABELS[hazard.status].toLowerCase()}`;
}

export function createHazardMarker(onClick: () => void): HTMLButtonElement {
  const element = markerButton(MAX_SIZE, onClick);
  element.classList.add('flare-hazard-marker');
  Object.assign(element.style, { display: 'flex', alignItems: 'center', justifyContent: 'center' });
  return element;
}

export function drawHazardMarker(element: HTMLElement, hazard: Hazard & { selected: boolean }): void {
  const colour = hazard.status === 'resolved' ? RESOLVED_COLOUR : SEVERITY_COLOURS[hazard.severity];
  const look = `${colour}:${hazard.severity}`;
  if (element.dataset.look !== look) {
    element.innerHTML = iconSvg(colour, SIZES[hazard.severity]);
    element.dataset.look = look;
  }
  element.style.filter = hazard.selected ? 'drop-shadow(0 0 3px #000) drop-shadow(0 0 1px #000)' : '';
  const label = hazardMarkerLabel(hazard);
  element.setAttribute('aria-label', label);
  element.title = label;
  element.dataset.hazardId = hazard.id;
  element.dataset.severity = hazard.severity;
}
