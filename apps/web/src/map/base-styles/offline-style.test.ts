import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { blankStyle, offlineStyle, type Topology } from './offline-style';

const require = createRequire(import.meta.url);
const topology = (name: string) => JSON.parse(readFileSync(require.resolve(name), 'utf8')) as Topology;

describe('the offline style', () => {
  const style = offlineStyle({
    world: topology('world-atlas/countries-50m.json'),
    us: topology('us-atlas/counties-10m.json'),
  });

  it('draws water as the background, then land, coast and borders, with fill and line layers only', () => {
    expect(style.version).toBe(8);
    expect(style.layers.map((layer) => [layer.id, layer.type])).toEqual([
      ['water', 'background'],
      ['land', 'fill'],
      ['coastline', 'line'],
      ['county-borders', 'line'],
      ['state-borders', 'line'],
      ['country-borders', 'line'],
    ]);
  });

  it('needs no server: no glyphs, no sprite, GeoJSON sources built from the bundled TopoJSON', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const layer of style.layers) expect(layer.type).not.toBe('symbol');
    expect(Object.keys(style.sources).sort()).toEqual([
      'country-borders',
      'county-borders',
      'land',
      'state-borders',
    ]);
    for (const source of Object.values(style.sources)) expect(source.type).toBe('geojson');
    const data = (id: string) =>
      (style.sources[id] as { data: { type: string; coordinates?: unknown[] } }).data;
    expect(data('land').type).toBe('FeatureCollection');
    for (const id of ['country-borders', 'state-borders', 'county-borders']) {
      expect(data(id).type).toBe('MultiLineString');
      expect(data(id).coordinates!.length).toBeGreaterThan(50);
    }
  });

  it('credits Natural Earth and the US Census Bureau', () => {
    const credits = Object.values(style.sources).map(
      (source) => (source as { attribution?: string }).attribution,
    );
    expect(new Set(credits)).toEqual(new Set(['Natural Earth', 'US Census Bureau']));
  });

  it('has a background-only stand-in for when the data cannot be loaded', () => {
    expect(blankStyle().layers.map((layer) => layer.type)).toEqual(['background']);
  });
});
