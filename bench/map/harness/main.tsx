/**
 * The map benchmark's page. `?scenario=layer|markers|deck|list&n=…&seconds=…&pan=0|1&interleaved=0|1`
 * (`pan=0`: the camera stays still, else it pans every frame):
 * - layer: the app's ThingsLayer inside the app's DeckOverlay, fed through the app's live-things
 *   store with the whole fleet moving every second, while the camera pans every frame;
 * - markers: the classic baseline, one maplibregl.Marker element per asset, same store, same updates;
 * - list: the app's virtualised assets list (VirtualThingList with ThingRow) scrolled for `seconds`.
 * The figures land in `window.__benchResult` (or `window.__benchError`).
 */
import '@mantine/core/styles.css';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MantineProvider } from '@mantine/core';
import { Map as MapLibreMap, Marker, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { ASSET_ROW_HEIGHT } from '@flare/core/constants';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus } from '@flare/core/status/thing-status';
import { cssVariablesResolver, theme } from '../../../apps/web/src/config/theme';
import { THING_STATUS_COLORS } from '../../../apps/web/src/config/thing-status-colors';
import { ThingRow } from '../../../apps/web/src/features/things/list/thing-row';
import { defaultFilters, visibleThings } from '../../../apps/web/src/features/things/list/thing-filters';
import { VirtualThingList } from '../../../apps/web/src/features/things/list/things-list-screen';
import { ThingsLayer } from '../../../apps/web/src/features/things/map/things-layer';
import { markerZ } from '../../../apps/web/src/features/things/map/things-layer-data';
import { liveThings } from '../../../apps/web/src/features/things/live/live-things-store';
import { DeckOverlay } from '../../../apps/web/src/map/deck-overlay';
import { MapContext } from '../../../apps/web/src/map/map-context';
import { DeckThings } from './deck-things';
import { makeFleet, moveFleet, random, type Box } from './fleet';

interface FrameStats {
  fps: number;
  worstFrameMs: number;
  p95FrameMs: number;
  frames: number;
}

type BenchWindow = Window & { __benchResult?: object; __benchError?: string };

const CENTER: [number, number] = [-89.65, 39.78];
/** Only a background layer: no tiles, no glyphs, nothing fetched. */
const STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9ecef' } }],
};

/** Counts animation frames for `ms`, calling `onFrame` in each (the camera moves there). */
function measureFrames(ms: number, onFrame: (time: number) => void = () => undefined): Promise<FrameStats> {
  return new Promise((resolve) => {
    const gaps: number[] = [];
    let start = 0;
    let last = 0;
    const frame = (time: number) => {
      if (start === 0) start = last = time;
      else {
        gaps.push(time - last);
        last = time;
      }
      if (time - start >= ms) {
        const sorted = [...gaps].sort((a, b) => a - b);
        resolve({
          fps: (gaps.length * 1000) / (time - start),
          worstFrameMs: sorted.at(-1) ?? 0,
          p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
          frames: gaps.length,
        });
        return;
      }
      onFrame(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The classic approach: one DOM marker per asset, moved one by one. */
function mountMarkers(map: MapLibreMap): () => void {
  const markers = new Map<string, { marker: Marker; thing: Thing; element: HTMLElement }>();
  const style = (element: HTMLElement, thing: Thing) => {
    const status = fromServerStatus(thing.status);
    element.style.background = THING_STATUS_COLORS[thing.in_service ? status : 'outOfService'];
    element.style.zIndex = String(markerZ(status));
  };
  const sync = () => {
    for (const thing of liveThings.getSnapshot().items.values()) {
      const known = markers.get(thing.id);
      if (known?.thing === thing) continue;
      if (!known) {
        const element = document.createElement('div');
        element.style.cssText =
          'width:16px;height:16px;border-radius:50%;border:2px solid #fff;box-sizing:border-box';
        style(element, thing);
        const marker = new Marker({ element }).setLngLat([thing.lng!, thing.lat!]).addTo(map);
        markers.set(thing.id, { marker, thing, element });
      } else {
        known.marker.setLngLat([thing.lng!, thing.lat!]);
        if (known.thing.status !== thing.status) style(known.element, thing);
        known.thing = thing;
      }
    }
  };
  sync();
  return liveThings.subscribe(sync);
}

async function mapScenario(params: URLSearchParams) {
  const count = Number(params.get('n'));
  const seconds = Number(params.get('seconds') ?? 10);
  const layer = params.get('scenario') === 'layer';
  setWorkerUrl(workerUrl);
  const map = new MapLibreMap({
    container: 'map',
    style: STYLE,
    center: CENTER,
    zoom: 10.5,
    attributionControl: false,
  });
  await map.once('load');
  const bounds = map.getBounds();
  const box: Box = {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  };
  const rand = random(42);
  liveThings.replaceAll(makeFleet(count, box, rand));

  const setupStart = performance.now();
  if (layer) {
    createRoot(document.getElementById('root')!).render(
      <MemoryRouter initialEntries={['/dashboard/things']}>
        <MapContext.Provider value={map}>
          <ThingsLayer />
        </MapContext.Provider>
      </MemoryRouter>,
    );
  } else if (params.get('scenario') === 'deck') {
    createRoot(document.getElementById('root')!).render(
      <MapContext.Provider value={map}>
        <DeckOverlay interleaved={params.get('interleaved') !== '0'}>
          <DeckThings />
        </DeckOverlay>
      </MapContext.Provider>,
    );
  } else {
    mountMarkers(map);
  }
  // Until the first frame with everything drawn.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const setupMs = performance.now() - setupStart;

  let updateMs = 0;
  const timer = setInterval(() => {
    const start = performance.now();
    liveThings.upsert(moveFleet(liveThings.getSnapshot().items.values(), box, rand));
    updateMs = Math.max(updateMs, performance.now() - start);
  }, 1000);
  // A slow pan around the centre: every frame draws every asset again, as while a user drags.
  const radius = (box.east - box.west) / 20;
  const panning = params.get('pan') !== '0';
  const pan = (time: number) =>
    panning &&
    map.jumpTo({
      center: [CENTER[0] + radius * Math.sin(time / 1500), CENTER[1] + radius * 0.6 * Math.cos(time / 1500)],
    });
  await measureFrames(2000, pan);
  const stats = await measureFrames(seconds * 1000, pan);
  clearInterval(timer);
  return { ...stats, setupMs, feedUpdateMs: updateMs };
}

async function listScenario(params: URLSearchParams) {
  const count = Number(params.get('n'));
  const seconds = Number(params.get('seconds') ?? 5);
  const rows = visibleThings(
    makeFleet(count, { west: -90, south: 39, east: -89, north: 40 }, random(7)),
    defaultFilters(true),
  );
  const noop = () => undefined;
  // The baseline: a scroller of the same height with nothing in it (the browser's own pacing).
  const empty = params.get('empty') === '1';
  createRoot(document.getElementById('root')!).render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div style={{ height: 800, width: 400, display: 'flex', flexDirection: 'column' }}>
        {empty ? (
          <div role="grid" style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
            <div style={{ height: rows.length * ASSET_ROW_HEIGHT.inService }} />
          </div>
        ) : (
          <VirtualThingList
            rows={rows}
            renderRow={(thing, tabStop) => (
              <ThingRow
                thing={thing}
                respondersType="all"
                wzdxOrg={false}
                speedUnit="mph"
                onSelect={noop}
                onFind={noop}
                tabStop={tabStop}
              />
            )}
          />
        )}
      </div>
    </MantineProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const scroller = document.querySelector<HTMLElement>('[role="grid"]');
  if (!scroller) throw new Error('no list rendered');
  // A fast, steady flick: 90 px a frame, about 80 rows a second.
  const scroll = () => {
    scroller.scrollTop += 90;
  };
  await measureFrames(500, scroll);
  const stats = await measureFrames(seconds * 1000, scroll);
  return {
    ...stats,
    rowsInPage: scroller.querySelectorAll('[role="row"]').length,
    scrolledPx: scroller.scrollTop,
  };
}

const params = new URLSearchParams(location.search);
const scenario = params.get('scenario');
(scenario === 'list' ? listScenario(params) : mapScenario(params)).then(
  (result) => {
    (window as BenchWindow).__benchResult = result;
  },
  (error: unknown) => {
    (window as BenchWindow).__benchError =
      error instanceof Error ? (error.stack ?? error.message) : String(error);
  },
);
