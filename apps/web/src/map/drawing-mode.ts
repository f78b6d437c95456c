/**
 * Whether a shape is being drawn on the map (an area, a zone, a closure's route, an incident's extent).
 * While one is, the map's own clicks belong to the drawing tool: markers let them through (the point
 * lands where the user clicked) and the layers that open what was clicked ignore them, so a click
 * near an incident or an asset adds a point instead of leaving the form and its draft. And the map's
 * menu offers "Add point here": by keyboard, the map focused, the arrow keys pan it and Shift+F10 (or
 * the context-menu key) opens the menu at its centre, so a shape can be drawn without a mouse.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { addPointAction } from './controls/point-actions';
import type { LngLat } from './map-commands';
import classes from './drawing-mode.module.css';

export const ADD_POINT_LABEL = 'Add point here';

/** The class a marker's element takes to let clicks through while a shape is drawn. */
export const PASS_THROUGH_WHILE_DRAWING = classes.passThrough!;

/**
 * Marks the map as drawing while `active` (one drawing layer at a time), and offers the menu's "Add
 * point here" then, unless `addPoint` is null, calling it (as of the latest render) with the point.
 */
export function useDrawingMode(
  map: MapLibreMap,
  active: boolean,
  addPoint: ((position: LngLat) => void) | null,
): void {
  const latestAddPoint = useRef(addPoint);
  useEffect(() => {
    latestAddPoint.current = addPoint;
  });
  const offersPoint = addPoint !== null;
  useEffect(() => {
    if (!active) return;
    const container = map.getContainer();
    container.classList.add(classes.drawing!);
    return () => container.classList.remove(classes.drawing!);
  }, [map, active]);
  useEffect(() => {
    if (!active || !offersPoint) return;
    return addPointAction({
      id: 'add-drawing-point',
      label: ADD_POINT_LABEL,
      run: (position) => latestAddPoint.current?.(position),
    });
  }, [active, offersPoint]);
}

export function isDrawing(map: MapLibreMap): boolean {
  return map.getContainer().classList.contains(classes.drawing!);
}
