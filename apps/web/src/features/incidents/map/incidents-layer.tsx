/**
 * The incidents on the map: one marker per incident the events list shows (its Display choice and
 * search when the Events section is open, else the default), with the active or recent icon, drawn
 * above the asset markers, at the middle of its extent when it has one (drawn under it), and the Edit
 * Location marker, circle and shapes. Clicking one opens its detail.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { displayTimeZone } from '../../../lib/format-time';
import { useNow } from '../../../lib/use-now';
import { useDomMarkers } from '../../../map/dom-markers';
import { markerPosition } from '@flare/core/incidents/incident-extent';
import { useIncidentDraft } from '../edit/incident-draft';
import { useIncidentShapes } from './incident-shapes';
import { useLiveIncidents } from '../live/live-incidents-store';
import { filtersFromSearch, visibleIncidents } from '../list/incident-filters';
import { IncidentEditLayer } from './incident-edit-layer';
import { createMarkerElement, drawMarker } from './incident-marker-element';

const EVENTS_PATH = '/dashboard/events';

export function IncidentsLayer() {
  const { items: locations } = useLiveIncidents();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const minute = Math.floor(useNow() / 60_000);
  // "Today" is the organisation's day, as the header clock counts it.
  const timeZone = displayTimeZone();
  const inSection = pathname.startsWith(EVENTS_PATH);
  const filters = useMemo(
    () => filtersFromSearch(new URLSearchParams(inSection ? search : '')),
    [inSection, search],
  );
  // The incident being edited shows as the draggable marker instead.
  const draft = useIncidentDraft();
  const editing = draft?.locationId;
  const shown = useMemo(
    () =>
      visibleIncidents([...locations.values()], filters, new Date(minute * 60_000), timeZone).filter(
        (location) => location.id !== editing,
      ),
    [locations, filters, minute, timeZone, editing],
  );

  // The markers' clicks open through the latest navigation (the list's filters may have changed).
  const open = useRef<(id: string) => void>(() => undefined);
  useEffect(() => {
    open.current = (id) =>
      void navigate({ pathname: `${EVENTS_PATH}/${id}`, search: inSection ? search : '' });
  }, [navigate, inSection, search]);

  // Reversed: the list's first (active, newest) is added last, so it sits on top.
  const stacked = useMemo(() => [...shown].reverse(), [shown]);
  useDomMarkers(stacked, {
    key: (location) => location.id,
    position: (location) => markerPosition(location.features),
    create: (id) => createMarkerElement(() => open.current(id)),
    draw: drawMarker,
  });

  useIncidentShapes(shown, draft);

  return <IncidentEditLayer />;
}
