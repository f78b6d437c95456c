/**
 * A GeoJSON source and its style layers as a layer component uses them: added once while mounted
 * (removed on unmount), their data pushed on every change.
 */
import type { Feature, FeatureCollection } from 'geojson';
import type {
  CircleLayerSpecification,
  FillLayerSpecification,
  GeoJSONSource,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from './map-context';

type WithoutSource<Layer> = Layer extends unknown ? Omit<Layer, 'source'> : never;

/** A style layer of the source: its `source` is filled in. */
export type SourceLayer = WithoutSource<
  LineLayerSpecification | CircleLayerSpecification | FillLayerSpecification | SymbolLayerSpecification
>;

export const EMPTY_COLLECTION: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function collection(features: Feature[]): FeatureCollection {
  return { type: 'FeatureCollection', features };
}

export function useGeoJsonLayer(
  sourceId: string,
  layers: readonly SourceLayer[],
  data: FeatureCollection,
): void {
  const map = useMap();
  useEffect(() => {
    map.addSource(sourceId, { type: 'geojson', data: EMPTY_COLLECTION });
    for (const layer of layers) map.addLayer({ ...layer, source: sourceId });
    return () => {
      // The map may have lost its style (or been removed) first, taking them along.
      try {
        for (const layer of [...layers].reverse()) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
        if (map.getSource(sourceId)) map.removeSource(sourceId);
      } catch {
        // Nothing left to remove.
      }
    };
  }, [map, sourceId, layers]);

  useEffect(() => {
    void map.getSource<GeoJSONSource>(sourceId)?.setData(data);
  }, [map, sourceId, layers, data]);
}
