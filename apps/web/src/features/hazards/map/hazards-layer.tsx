/**
 * The hazard report on the map while the Hazards section is open: one marker per hazard listed, by
 * severity (the open hazard outlined, and shown even when the report does not list it). Clicking one
 * opens it, keeping the report.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Hazard } from '@flare/core/schemas/hazard';
import { useDomMarkers } from '../../../map/dom-markers';
import { useHazard } from '../api/get-hazard';
import { useHazards } from '../api/get-hazards';
import { HAZARDS_PATH, reportFromSearch } from '../hazard-search';
import { createHazardMarker, drawHazardMarker } from './hazard-marker-element';

export function HazardsLayer() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const inSection = pathname === HAZARDS_PATH || pathname.startsWith(`${HAZARDS_PATH}/`);
  const report = useMemo(
    () => (inSection ? reportFromSearch(new URLSearchParams(search)) : null),
    [inSection, search],
  );
  const selectedId = inSection ? pathname.slice(HAZARDS_PATH.length + 1) || null : null;
  const listed = useHazards(report).data?.hazards;
  const selected = useSelectedHazard(selectedId);

  const shown = useMemo(() => {
    const hazards: Hazard[] = [...(listed ?? [])];
    if (selected && !hazards.some((h) => h.id === selected.id)) hazards.push(selected);
    // The selected one last: on top. Resolving it (a new object) redraws it.
    return hazards
      .map((hazard) => (hazard.id === selected?.id ? selected : hazard))
      .map((hazard) => ({ ...hazard, selected: hazard.id === selectedId }))
      .sort((a, b) => Number(a.selected) - Number(b.selected));
  }, [listed, selected, selectedId]);

  const open = useRef<(id: string) => void>(() => undefined);
  useEffect(() => {
    open.current = (id) => void navigate({ pathname: `${HAZARDS_PATH}/${id}`, search });
  }, [navigate, search]);

  useDomMarkers(shown, {
    key: (hazard) => hazard.id,
    position: (hazard) => [hazard.lng, hazard.lat],
    create: (id) => createHazardMarker(() => open.current(id)),
    draw: drawHazardMarker,
    anchor: 'center',
  });
  return null;
}

/** The open hazard, fetched only while one is open. */
function useSelectedHazard(id: string | null): Hazard | undefined {
  return useHazard(id ?? '', { enabled: id !== null }).data;
}
