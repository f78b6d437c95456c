/**
 * The map remembers where each user left it in this browser and, when it opens somewhere else (it
 * opens fitted to the shown assets), offers the way back: "Return to your last view", never forced.
 */
import { Button, CloseButton, Group, Paper } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useLayoutEffect, useState } from 'react';
import { useSession } from '../lib/session';
import { isSameView, readLastView, saveLastView, type MapViewState } from './last-view';

function currentView(map: MapLibreMap): MapViewState {
  const { lng, lat } = map.getCenter();
  return { center: [lng, lat], zoom: map.getZoom() };
}

export interface LastView {
  /** The view the user left the map at last time, while it is worth offering. */
  offer: MapViewState | null;
  accept: () => void;
  dismiss: () => void;
}

/**
 * Reads the signed-in user's last view once, then remembers each view the map settles at. Call it
 * before the hook that gives the map its opening view: its listener must hear that move, so an
 * opening view that is already the last one offers nothing.
 */
export function useLastView(map: MapLibreMap): LastView {
  const userId = useSession()?.profile?.id ?? null;
  const [state, setState] = useState(() => ({ userId, offer: userId ? readLastView(userId) : null }));
  // Another user in this tab (or the profile arriving after the map): their own view, read before
  // any of their moves is saved, since saving starts in the effect after this render.
  if (state.userId !== userId) setState({ userId, offer: userId ? readLastView(userId) : null });

  useLayoutEffect(() => {
    if (!userId) return;
    const onMoveEnd = () => {
      const view = currentView(map);
      saveLastView(userId, view);
      setState((current) =>
        current.offer && isSameView(current.offer, view) ? { ...current, offer: null } : current,
      );
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map, userId]);

  const offer = state.offer;
  const dismiss = useCallback(() => setState((current) => ({ ...current, offer: null })), []);
  const accept = useCallback(() => {
    if (offer) map.easeTo({ center: offer.center, zoom: offer.zoom });
    dismiss();
  }, [map, offer, dismiss]);
  return { offer, accept, dismiss };
}

/** The offer, once the map has opened (`ready`). */
export function LastViewOffer({ ready, lastView }: { ready: boolean; lastView: LastView }) {
  if (!ready || !lastView.offer) return null;
  return (
    <Paper role="region" aria-label="Last map view" shadow="sm" withBorder p={4}>
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={lastView.accept}
        >
          Return to your last view
        </Button>
        <CloseButton size="sm" aria-label="Dismiss last view" onClick={lastView.dismiss} />
      </Group>
    </Paper>
  );
}
