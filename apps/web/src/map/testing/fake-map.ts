/** A stand-in for the MapLibre map with the parts the tools use (MapLibre itself needs WebGL). */
import { vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';

type Handler = (event: unknown) => void;

export interface FakeLayer {
  id: string;
  type: string;
  source?: string;
  layout?: { visibility?: 'visible' | 'none' };
}

export class FakeMap {
  zoom = 16.25;
  centre = { lng: -89.6501, lat: 39.7817 };
  layers: FakeLayer[] = [];
  sources = new Map<string, unknown>();
  _removed = false;
  readonly container = document.createElement('div');
  readonly canvas = document.createElement('canvas');
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(layers: FakeLayer[] = []) {
    this.layers = layers.map((layer) => ({ ...layer }));
    this.canvas.tabIndex = 0; // as MapLibre's canvas
    this.container.append(this.canvas);
  }

  on(type: string, handler: Handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(handler);
    return this;
  }
  off(type: string, handler: Handler) {
    this.handlers.get(type)?.delete(handler);
    return this;
  }
  fire(type: string, event: unknown = {}) {
    this.handlers.get(type)?.forEach((handler) => handler(event));
  }
  listenerCount(type: string) {
    return this.handlers.get(type)?.size ?? 0;
  }

  getZoom = () => this.zoom;
  getMinZoom = () => 0;
  getMaxZoom = () => 22;
  getCenter = () => this.centre;
  getCanvas = () => this.canvas;
  getContainer = () => this.container;
  zoomIn = vi.fn(() => this.setZoom(this.zoom + 1));
  zoomOut = vi.fn(() => this.setZoom(this.zoom - 1));
  easeTo = vi.fn((options: { center?: [number, number]; zoom?: number }) => {
    if (options.center) this.centre = { lng: options.center[0], lat: options.center[1] };
    if (options.zoom !== undefined) this.setZoom(options.zoom);
  });
  fitBounds = vi.fn();
  padding = { top: 0, bottom: 0, left: 0, right: 0 };
  getPadding = () => this.padding;
  setPadding = vi.fn((padding: { top: number; bottom: number; left: number; right: number }) => {
    this.padding = padding;
  });

  setZoom(zoom: number) {
    this.zoom = zoom;
    this.fire('zoom');
  }

  getStyle = () => ({ version: 8, sources: Object.fromEntries(this.sources), layers: this.layers });
  getSource = (id: string) => this.sources.get(id);
  addSource = vi.fn((id: string, source: unknown) => {
    if (this.sources.has(id)) throw new Error(`source ${id} exists`);
    this.sources.set(id, source);
  });
  removeSource = vi.fn((id: string) => {
    this.sources.delete(id);
  });
  getLayer = (id: string) => this.layers.find((layer) => layer.id === id);
  addLayer = vi.fn((layer: FakeLayer, beforeId?: string) => {
    if (this.getLayer(layer.id)) throw new Error(`layer ${layer.id} exists`);
    const index = beforeId ? this.layers.findIndex((l) => l.id === beforeId) : -1;
    if (index < 0) this.layers.push({ ...layer });
    else this.layers.splice(index, 0, { ...layer });
  });
  removeLayer = vi.fn((id: string) => {
    this.layers = this.layers.filter((layer) => layer.id !== id);
  });
  setLayoutProperty = vi.fn((id: string, name: string, value: 'visible' | 'none') => {
    const layer = this.getLayer(id);
    if (!layer || name !== 'visibility') throw new Error(`cannot set ${name} of ${id}`);
    layer.layout = { ...layer.layout, visibility: value };
  });

  visibility(id: string): 'visible' | 'none' {
    return this.getLayer(id)?.layout?.visibility ?? 'visible';
  }

  asMap(): MapLibreMap {
    return this as unknown as MapLibreMap;
  }
}
