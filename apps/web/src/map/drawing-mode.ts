/**
 * Whether a shape is being drawn on the map (an area, a zone, a closure's route, an incident's extent).
 * While one is, the map's own clicks belong to the drawing tool: markers let them through (the point
 * lands where the user clicked) and the layers that open what was clicked ignore them, so a click
 * near an incident or an asset adds a point instead of leaving the form and its draft.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import classes from './drawing-mode.module.css';

/** The class a marker's element takes to let clicks through while a shape is drawn. */
export const PASS_THROUGH_WHILE_DRAWING = classes.passThrough!;

/** Marks the map as drawing while `active` (one drawing layer at a time). */
export function useDrawingMode(map: MapLibreMap, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const container = map.getContainer();
    container.classList.add(classes.drawing!);
    return () => container.classList.remove(classes.drawing!);
  }, [map, active]);
}

export function isDrawing(map: MapLibreMap): boolean {
  return map.getContainer().classList.contains(classes.drawing!);
}
