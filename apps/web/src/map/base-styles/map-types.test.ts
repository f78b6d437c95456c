import { describe, expect, it } from 'vitest';
import { FakeMap } from '../testing/fake-map';
import {
  applyMapType,
  baseLayerVisibility,
  rememberBaseLayers,
  SATELLITE_LAYER,
  satelliteLayerBefore,
  type BaseLayer,
} from './map-types';

const TILES = 'https://imagery.example/{z}/{x}/{y}.jpg';
const LAYERS: BaseLayer[] = [
  { id: 'water', type: 'background', visible: true },
  { id: 'land', type: 'fill', visible: true },
  { id: 'roads', type: 'line', visible: true },
  { id: 'labels', type: 'symbol', visible: true },
  { id: 'hidden-lines', type: 'line', visible: false },
];

const visibleIds = (type: 'roadmap' | 'satellite' | 'hybrid') =>
  [...baseLayerVisibility(LAYERS, type)].filter(([, visible]) => visible).map(([id]) => id);

describe('basemap layers by map type', () => {
  it('roadmap shows the style as it loaded, satellite only the background, hybrid lines and labels too', () => {
    expect(visibleIds('roadmap')).toEqual(['water', 'land', 'roads', 'labels']);
    expect(visibleIds('satellite')).toEqual(['water']);
    expect(visibleIds('hybrid')).toEqual(['water', 'roads', 'labels']);
  });

  it('puts the imagery right above the background', () => {
    expect(satelliteLayerBefore(LAYERS)).toBe('land');
    expect(satelliteLayerBefore([{ id: 'water', type: 'background', visible: true }])).toBeUndefined();
  });
});

describe('switching the map type', () => {
  const fakeMap = () => {
    const map = new FakeMap([
      { id: 'water', type: 'background' },
      { id: 'land', type: 'fill' },
      { id: 'borders', type: 'line' },
    ]);
    rememberBaseLayers(map.asMap());
    // A layer another component added later: never touched by the map type.
    map.layers.push({ id: 'assets', type: 'circle' });
    return map;
  };

  it('adds the imagery under the basemap, shows it for satellite and hybrid, hides it for roadmap', () => {
    const map = fakeMap();
    applyMapType(map.asMap(), 'hybrid', TILES);
    expect(map.layers.map((layer) => layer.id)).toEqual([
      'water',
      SATELLITE_LAYER,
      'land',
      'borders',
      'assets',
    ]);
    expect(map.getSource(SATELLITE_LAYER)).toMatchObject({ type: 'raster', tiles: [TILES] });
    expect(['land', 'borders', SATELLITE_LAYER].map((id) => map.visibility(id))).toEqual([
      'none',
      'visible',
      'visible',
    ]);

    applyMapType(map.asMap(), 'satellite', TILES);
    expect(map.visibility('borders')).toBe('none');

    applyMapType(map.asMap(), 'roadmap', TILES);
    expect(['land', 'borders', SATELLITE_LAYER, 'assets'].map((id) => map.visibility(id))).toEqual([
      'visible',
      'visible',
      'none',
      'visible',
    ]);
    expect(map.addSource).toHaveBeenCalledTimes(1);
  });

  it('stays a roadmap when no satellite tiles are configured', () => {
    const map = fakeMap();
    applyMapType(map.asMap(), 'satellite', null);
    expect(map.getLayer(SATELLITE_LAYER)).toBeUndefined();
    expect(map.visibility('land')).toBe('visible');
  });
});
