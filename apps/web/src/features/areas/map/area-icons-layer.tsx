/**
 * The saved areas on the map while the Areas section is open: an icon at each area with the number of
 * assets parked at it (stations), named for screen readers; a click opens the area.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Area } from '@flare/core/schemas/area';
import { markerButton, useDomMarkers } from '../../../map/dom-markers';
import { useAreas } from '../api/get-areas';

const AREAS_PATH = '/dashboard/areas';
const ICON_SIZE = 28;

function areaIconLabel(area: Pick<Area, 'name'>, count: number): string {
  return `${area.name}: ${count} assets`;
}

export function AreaIconsLayer({ counts }: { counts: ReadonlyMap<string, number> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const areas = useAreas();
  const inSection = pathname === AREAS_PATH || pathname.startsWith(`${AREAS_PATH}/`);
  const shown = useMemo(
    () => (inSection ? (areas.data ?? []).map((area) => ({ area, count: counts.get(area.id) ?? 0 })) : []),
    [inSection, areas.data, counts],
  );
  useDomMarkers(shown, {
    key: ({ area }) => area.id,
    position: ({ area }) => [area.lng, area.lat],
    create: (id) => markerButton(ICON_SIZE, () => void navigate(`${AREAS_PATH}/${id}`)),
    draw: drawAreaIcon,
    anchor: 'center',
  });
  return null;
}

/** A blue pin with the count beside it (no count for an empty area). */
function drawAreaIcon(element: HTMLElement, { area, count }: { area: Area; count: number }): void {
  const label = areaIconLabel(area, count);
  element.setAttribute('aria-label', label);
  element.title = label;
  element.innerHTML = `<svg width="${ICON_SIZE}" height="${ICON_SIZE}" viewBox="0 0 24 24" aria-hidden="true">
<circle cx="12" cy="12" r="10" fill="#1864ab" stroke="white" stroke-width="2"/>
<path d="M7 12.5 L12 8 L17 12.5 V17 H7 Z" fill="white"/></svg>${
    count > 0
      ? `<span aria-hidden="true" style="position:absolute;top:-6px;right:-8px;min-width:16px;padding:0 4px;border-radius:8px;background:#c92a2a;color:white;font:700 11px/16px sans-serif">${count}</span>`
      : ''
  }`;
  element.style.position = 'relative';
}
