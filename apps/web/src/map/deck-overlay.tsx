/**
 * The map's one deck.gl overlay. Layer components inside `<DeckOverlay>` contribute deck.gl layers
 * under an id (`useDeckLayers`), so several features share one WebGL pass and one picking pass
 * instead of one overlay each.
 *
 * Interleaved by default: deck.gl draws inside MapLibre's render, into the map's own WebGL context,
 * and the map's own layers can sit above the deck layers. In headless Chromium it measured faster
 * than deck.gl's own canvas over the map (docs/benchmarks.md, "Live map"). The live assets do not
 * use deck.gl: its instanced icons cost far more per asset there than the point sprites of
 * `features/things/map/things-gl-layer.ts`; deck.gl stays for layers it suits (arcs, paths, text).
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { LayersList } from '@deck.gl/core';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from './map-context';

export const DECK_INTERLEAVED_DEFAULT = true;

interface Slot {
  order: number;
  layers: LayersList;
}

/** The contributed layers by id; pushes the whole list to the overlay once per microtask. */
export class DeckLayerRegistry {
  private readonly slots = new Map<string, Slot>();
  private overlay: MapboxOverlay | null = null;
  private scheduled = false;

  set(id: string, layers: LayersList | null, order = 0): void {
    if (layers === null) this.slots.delete(id);
    else this.slots.set(id, { order, layers });
    this.schedule();
  }

  attach(overlay: MapboxOverlay | null): void {
    this.overlay = overlay;
    if (overlay) this.flush();
  }

  /** The overlay the layers go to, while attached (tests and the benchmark pick through it). */
  get current(): MapboxOverlay | null {
    return this.overlay;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.overlay) return;
    // Lower order first (drawn below); the same order keeps the order the ids were first set in.
    const slots = [...this.slots.values()].sort((a, b) => a.order - b.order);
    this.overlay.setProps({ layers: slots.flatMap((slot) => slot.layers) });
  }
}

const DeckContext = createContext<DeckLayerRegistry | null>(null);

interface Props {
  children?: ReactNode;
  /** Draw into MapLibre's own context (default) or on a canvas of its own above the map. */
  interleaved?: boolean;
}

/** Adds the overlay to the map of the surrounding `MapView`; its children contribute layers. */
export function DeckOverlay({ children, interleaved = DECK_INTERLEAVED_DEFAULT }: Props) {
  const map = useMap();
  const [registry] = useState(() => new DeckLayerRegistry());
  useEffect(() => {
    if (interleaved) exposeTransform(map);
    const overlay = new MapboxOverlay({ interleaved, layers: [] });
    map.addControl(overlay);
    registry.attach(overlay);
    return () => {
      registry.attach(null);
      // The map may already be gone (MapView removed it), taking its controls along.
      if (map.hasControl(overlay)) map.removeControl(overlay);
    };
  }, [map, interleaved, registry]);
  return <DeckContext.Provider value={registry}>{children}</DeckContext.Provider>;
}

/**
 * deck.gl 9.4's interleaved mode reads `map.transform` (for the near and far planes), which
 * MapLibre 6 keeps on its camera instead.
 */
function exposeTransform(map: MapLibreMap): void {
  if ('transform' in map) return;
  const camera = (map as unknown as { _camera?: { transform: unknown } })._camera;
  if (!camera) return;
  Object.defineProperty(map, 'transform', { configurable: true, get: () => camera.transform });
}

export function useDeckRegistry(): DeckLayerRegistry {
  const registry = useContext(DeckContext);
  if (!registry) throw new Error('deck.gl layers must be rendered inside DeckOverlay');
  return registry;
}

/**
 * A setter for this component's deck.gl layers under `id`, for effects that push data (the layers
 * leave when the component unmounts). `order` places them among other components' layers.
 */
export function useDeckLayers(id: string, order = 0): (layers: LayersList | null) => void {
  const registry = useDeckRegistry();
  useEffect(() => () => registry.set(id, null), [registry, id]);
  return useCallback((layers: LayersList | null) => registry.set(id, layers, order), [registry, id, order]);
}
