/**
 * DOM markers as a layer component uses them (incidents, areas): one element per item, created once,
 * drawn again when its item changes, moved, and removed when the item goes or the layer unmounts.
 * Buttons in the page, so they take focus and clicks and are named for screen readers.
 */
import { Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { PASS_THROUGH_WHILE_DRAWING } from './drawing-mode';
import { useMap } from './map-context';

export interface DomMarkerOptions<T> {
  key: (item: T) => string;
  position: (item: T) => [lng: number, lat: number];
  /** A new marker's element, told what a click on it means. */
  create: (key: string) => HTMLElement;
  /** Shows the item on its element (called again whenever the item changes). */
  draw: (element: HTMLElement, item: T) => void;
  anchor?: 'bottom' | 'center';
}

/** Items later in the list sit on top. */
export function useDomMarkers<T>(items: readonly T[], options: DomMarkerOptions<T>): void {
  const map = useMap();
  // The callbacks as of the latest render, for the effect that runs when the items change.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const markers = useRef(new Map<string, { marker: Marker; item: T }>());

  useEffect(() => {
    const { key, position, create, draw, anchor = 'bottom' } = latest.current;
    const current = markers.current;
    const wanted = new Set(items.map(key));
    for (const [id, { marker }] of current) {
      if (wanted.has(id)) continue;
      marker.remove();
      current.delete(id);
    }
    for (const item of items) {
      const id = key(item);
      const held = current.get(id);
      if (held?.item === item) continue;
      const marker = held?.marker ?? new Marker({ element: create(id), anchor });
      draw(marker.getElement(), item);
      marker.setLngLat(position(item));
      if (!held) marker.addTo(map);
      current.set(id, { marker, item });
    }
  }, [map, items]);

  useEffect(() => {
    const current = markers.current;
    return () => {
      current.forEach(({ marker }) => marker.remove());
      current.clear();
    };
  }, [map]);
}

/**
 * A marker's button: its click is its own (the map's click beneath would select an asset), except
 * while a shape is drawn, when the click goes through to the map as a point.
 */
export function markerButton(size: number, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.classList.add(PASS_THROUGH_WHILE_DRAWING);
  Object.assign(element.style, {
    width: `${size}px`,
    height: `${size}px`,
    padding: '0',
    border: '0',
    background: 'none',
    cursor: 'pointer',
  });
  element.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return element;
}
