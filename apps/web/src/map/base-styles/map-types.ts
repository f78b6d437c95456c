/**
 * Roadmap, satellite and hybrid on one map without `setStyle` (which would drop the layers other
 * components added): satellite tiles go in as a raster layer under the basemap's layers, and the
 * basemap's own layers are shown or hidden by type.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LayerSpecification } from '../style-types';

export const MAP_TYPES = ['roadmap', 'satellite', 'hybrid'] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const SATELLITE_SOURCE = 'flare-satellite';
export const SATELLITE_LAYER = 'flare-satellite';

export interface BaseLayer {
  id: string;
  type: LayerSpecification['type'];
  visible: boolean;
}

/** The basemap's layers as the style loaded them, before any other component added its own. */
const baseLayersByMap = new WeakMap<object, BaseLayer[]>();

export function rememberBaseLayers(map: MapLibreMap): void {
  baseLayersByMap.set(
    map,
    map.getStyle().layers.map((layer) => ({
      id: layer.id,
      type: layer.type,
      visible: layer.layout?.visibility !== 'none',
    })),
  );
}

export function baseLayersOf(map: MapLibreMap): BaseLayer[] {
  return baseLayersByMap.get(map) ?? [];
}

/** Hybrid keeps the roads, boundaries and labels of the basemap over the imagery. */
const HYBRID_OVERLAY_TYPES: ReadonlySet<string> = new Set(['line', 'symbol']);

/** Whether each basemap layer shows for a map type (the background is always under the imagery). */
export function baseLayerVisibility(layers: BaseLayer[], type: MapType): Map<string, boolean> {
  return new Map(
    layers.map((layer) => {
      const keep =
        type === 'roadmap' ||
        layer.type === 'background' ||
        (type === 'hybrid' && HYBRID_OVERLAY_TYPES.has(layer.type));
      return [layer.id, layer.visible && keep];
    }),
  );
}

/** The imagery goes right above the basemap's background, so everything else draws over it. */
export function satelliteLayerBefore(layers: BaseLayer[]): string | undefined {
  return layers.find((layer) => layer.type !== 'background')?.id;
}

export function applyMapType(map: MapLibreMap, type: MapType, satelliteTilesUrl: string | null): void {
  const layers = baseLayersOf(map);
  const imagery = type !== 'roadmap' && satelliteTilesUrl !== null;
  // Never switched away from the roadmap: the basemap is still as it loaded.
  if (!imagery && !map.getLayer(SATELLITE_LAYER)) return;
  if (imagery && !map.getSource(SATELLITE_SOURCE)) {
    map.addSource(SATELLITE_SOURCE, { type: 'raster', tiles: [satelliteTilesUrl], tileSize: 256 });
    map.addLayer(
      { id: SATELLITE_LAYER, type: 'raster', source: SATELLITE_SOURCE },
      satelliteLayerBefore(layers),
    );
  }
  if (map.getLayer(SATELLITE_LAYER)) {
    map.setLayoutProperty(SATELLITE_LAYER, 'visibility', imagery ? 'visible' : 'none');
  }
  const visibility = baseLayerVisibility(layers, imagery ? type : 'roadmap');
  for (const [id, visible] of visibility) {
    if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
  }
}
