/**
 * Fetches the bundled TopoJSON (served by this server as build assets, so only a map that needs the
 * offline style downloads them) and builds the offline style once per page.
 */
import worldUrl from 'world-atlas/countries-50m.json?url';
import usUrl from 'us-atlas/counties-10m.json?url';
import type { StyleSpecification } from '../style-types';
import { blankStyle, offlineStyle, type Topology } from './offline-style';

let loading: Promise<StyleSpecification> | null = null;

async function fetchTopology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Topology;
}

export function loadOfflineStyle(): Promise<StyleSpecification> {
  loading ??= Promise.all([fetchTopology(worldUrl), fetchTopology(usUrl)])
    .then(([world, us]) => offlineStyle({ world, us }))
    .catch(() => {
      loading = null; // the next map tries again
      return blankStyle();
    });
  return loading;
}
