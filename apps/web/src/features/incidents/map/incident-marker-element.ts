/**
 * An incident's map marker: a button with the active or
 * the recent icon, named for screen readers, above every asset marker.
 */
import { incidentPlace, incidentStatusLabel, type Incident } from '@flare/core/schemas/incident';
import { markerButton } from '../../../map/dom-markers';

const ICON_SIZE = 30;
const COLORS = { Active: '#c2255c', Recent: '#868e96' } as const;

/** A warning triangle in the state's colour. */
function iconSvg(state: 'Active' | 'Recent'): string {
  return `<svg width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 24 24" aria-hidden="true">
<path d="M12 2 L23 21 H1 Z" fill="${COLORS[state]}" stroke="white" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M12 8 V14 M12 17 V17.5" stroke="white" stroke-width="2.4" stroke-linecap="round"/></svg>`;
}

export function markerLabel(location: Incident): string {
  return `${incidentStatusLabel(location)} incident ${location.external_id}, ${incidentPlace(location)}`;
}

export function createMarkerElement(onClick: () => void): HTMLButtonElement {
  const element = markerButton(ICON_SIZE, onClick);
  element.classList.add('flare-location-marker');
  return element;
}

/** Shows the incident's state and name on its marker element. */
export function drawMarker(element: HTMLElement, location: Incident): void {
  const state = incidentStatusLabel(location);
  if (element.dataset.state !== state) {
    element.innerHTML = iconSvg(state);
    element.dataset.state = state;
  }
  const label = markerLabel(location);
  element.setAttribute('aria-label', label);
  element.title = label;
  element.dataset.locationId = location.id;
}
