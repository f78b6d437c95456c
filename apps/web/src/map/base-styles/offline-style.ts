/**
 * The basemap that needs no network beyond this server: Natural Earth land and country borders
 * (world-atlas) and US state and county borders (us-atlas), converted from TopoJSON in the browser.
 * Water is the background colour. Fill and line layers only: a symbol layer would fetch glyphs.
 */
import { feature, mesh } from 'topojson-client';
import type { StyleSpecification } from '../style-types';

export type Topology = Parameters<typeof mesh>[0];
type GeometryObject = NonNullable<Parameters<typeof mesh>[1]>;

export interface OfflineTopologies {
  /** world-atlas countries-50m: objects `countries` and `land`. */
  world: Topology;
  /** us-atlas counties-10m: objects `counties`, `states` and `nation`. */
  us: Topology;
}

export const OFFLINE_STYLE_NAME = 'Flare offline';

const COLOURS = {
  water: '#aad3df',
  land: '#f2efe9',
  coastline: '#8fb0bf',
  countryBorder: '#7d6f8f',
  stateBorder: '#9d93ab',
  countyBorder: '#bdb3c7',
};

function object(topology: Topology, name: string): GeometryObject {
  const found = topology.objects[name];
  if (!found) throw new Error(`TopoJSON object ${name} is missing`);
  // @types/topojson-client types objects and mesh's argument with different property types.
  return found as GeometryObject;
}

/** Borders between two different shapes only: coastlines are drawn from the land outline. */
const between = (a: { id?: string | number }, b: { id?: string | number }) => a !== b;

/** County lines that are not also state lines (county ids start with their state's two-digit code). */
const withinState = (a: { id?: string | number }, b: { id?: string | number }) =>
  a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2);

const widthByZoom = (low: number, high: number) =>
  ['interpolate', ['linear'], ['zoom'], 3, low, 12, high] as [
    'interpolate',
    ['linear'],
    ['zoom'],
    ...number[],
  ];

export function offlineStyle({ world, us }: OfflineTopologies): StyleSpecification {
  const naturalEarth = 'Natural Earth';
  const census = 'US Census Bureau';
  return {
    version: 8,
    name: OFFLINE_STYLE_NAME,
    sources: {
      land: { type: 'geojson', data: feature(world, object(world, 'land')), attribution: naturalEarth },
      'country-borders': {
        type: 'geojson',
        data: mesh(world, object(world, 'countries'), between),
        attribution: naturalEarth,
      },
      'state-borders': {
        type: 'geojson',
        data: mesh(us, object(us, 'states'), between),
        attribution: census,
      },
      'county-borders': {
        type: 'geojson',
        data: mesh(us, object(us, 'counties'), withinState),
        attribution: census,
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': COLOURS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLOURS.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': COLOURS.coastline, 'line-width': widthByZoom(0.5, 1.5) },
      },
      {
        id: 'county-borders',
        type: 'line',
        source: 'county-borders',
        minzoom: 6,
        paint: {
          'line-color': COLOURS.countyBorder,
          'line-width': widthByZoom(0.4, 1),
          'line-dasharray': [2, 2],
        },
      },
      {
        id: 'state-borders',
        type: 'line',
        source: 'state-borders',
        minzoom: 3,
        paint: { 'line-color': COLOURS.stateBorder, 'line-width': widthByZoom(0.6, 2) },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'country-borders',
        paint: { 'line-color': COLOURS.countryBorder, 'line-width': widthByZoom(0.8, 2.5) },
      },
    ],
  };
}

/** A style with the background alone: what the map shows if even the bundled data cannot be had. */
export function blankStyle(): StyleSpecification {
  return {
    version: 8,
    name: OFFLINE_STYLE_NAME,
    sources: {},
    layers: [{ id: 'water', type: 'background', paint: { 'background-color': COLOURS.land } }],
  };
}
