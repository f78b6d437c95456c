/**
 * Hazards on the map: while the Hazards section is open, one marker per hazard its report lists, by
 * severity (the open hazard outlined, and shown even when the report does not list it); elsewhere the
 * organisation's open hazards, unless the user has turned them off with the map's Hazards toggle.
 * Clicking one opens it, keeping the report.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { can } from '@flare/core/permissions/access';
import { useLocation, useNavigate } from 'react-router';
import type { Hazard } from '@flare/core/schemas/hazard';
import { useDomMarkers } from '../../../map/dom-markers';
import { useHazard } from '../api/get-hazard';
import { usePref } from '../../../lib/prefs';
import { useSession } from '../../../lib/session';
import { useHazards, useOpenHazards } from '../api/get-hazards';
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
  const mayView = can(useSession()?.profile?.permissions ?? [], 'viewHazards');
  const [onMap, setOnMap] = usePref('hazardsOnMap');
  const inReport = useHazards(report).data?.hazards;
  const open = useOpenHazards(mayView && !inSection && onMap).data?.hazards;
  const listed = inSection ? inReport : onMap ? open : undefined;
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

  const openHazard = useRef<(id: string) => void>(() => undefined);
  useEffect(() => {
    openHazard.current = (id) =>
      void navigate({ pathname: `${HAZARDS_PATH}/${id}`, search: inSection ? search : '' });
  }, [navigate, search, inSection]);

  useDomMarkers(shown, {
    key: (hazard) => hazard.id,
    position: (hazard) => [hazard.lng, hazard.lat],
    create: (id) => createHazardMarker(() => openHazard.current(id)),
    draw: drawHazardMarker,
    anchor: 'center',
  });
  if (!mayView || inSection) return null;
  const label = onMap ? 'Hide open hazards on the map' : 'Show open hazards on the map';
  return (
    <Tooltip label={label} position="left">
      <ActionIcon
        variant={onMap ? 'filled' : 'default'}
        color="orange.9"
        size="lg"
        aria-label="Open hazards on the map"
        aria-pressed={onMap}
        onClick={() => setOnMap(!onMap)}
        // Under the account menu, which holds the map's top right corner.
        pos="absolute"
        top={64}
        right={12}
        style={{ zIndex: 2 }}
      >
        <IconAlertTriangle size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The open hazard, fetched only while one is open. */
function useSelectedHazard(id: string | null): Hazard | undefined {
  return useHazard(id ?? '', { enabled: id !== null }).data;
}
