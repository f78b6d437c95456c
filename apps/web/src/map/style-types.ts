/** MapLibre style types, taken from the map's own API (maplibre-gl does not re-export the style spec's). */
import type { Map as MapLibreMap } from 'maplibre-gl';

export type StyleSpecification = ReturnType<MapLibreMap['getStyle']>;
export type LayerSpecification = StyleSpecification['layers'][number];
export type SourceSpecification = StyleSpecification['sources'][string];
