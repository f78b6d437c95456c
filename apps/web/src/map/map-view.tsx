/**
 * The one MapLibre map (CONVENTIONS 7). It starts on the configured basemap, or on the offline one
 * when that cannot be had, carries out map commands, and once loaded mounts its children (layers and
 * tools), which reach the map through `MapContext`.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Box } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MAP_ZOOM } from '@flare/core/constants';
import { OFFLINE_MAP_STYLE } from '@flare/core/schemas/map';
import { testHooks } from '../config/test-hooks';
import { absoluteUrl } from './absolute-url';
import { useMapConfig } from './api/get-map-config';
import { chooseBaseStyle, STYLE_TIMEOUT_MS } from './base-styles/choose-base-style';
import { loadOfflineStyle } from './base-styles/load-offline-style';
import { blankStyle } from './base-styles/offline-style';
import { rememberBaseLayers } from './base-styles/map-types';
import { MapContext } from './map-context';
import { DEFAULT_MAP_CENTRE, onMapCommand, type LngLat } from './map-commands';
import { MapLoading } from './map-loading';
import { runMapCommand } from './run-map-command';
import type { StyleSpecification } from './style-types';

// Vite emits the worker as a file of its own; without this the built app's map never loads.
setWorkerUrl(workerUrl);

/** MapLibre names its canvas; a name other than "Map" keeps the page's Map region unique. */
const CANVAS_LABEL = 'Interactive map: arrow keys pan, plus and minus zoom';

type TestWindow = Window & { __flareMap?: MapLibreMap };

export interface MapViewProps {
  /** Layers and tools, mounted once the map has loaded. */
  children?: ReactNode;
  initialCenter?: LngLat;
  initialZoom?: number;
  /** MapLibre could not start (no usable WebGL context after all). */
  onWebGLFailure?: () => void;
}

/**
 * A remote style that fails inside MapLibre, or does not arrive in time, gives way to the offline
 * one; tile errors after the style has loaded are left to MapLibre.
 */
function fallBackIfStyleFails(map: MapLibreMap): void {
  let removed = false;
  const fallBack = () => {
    stopWatching();
    void loadOfflineStyle().then((style) => {
      if (!removed) map.setStyle(style);
    });
  };
  const timer = setTimeout(fallBack, STYLE_TIMEOUT_MS);
  const stopWatching = () => {
    clearTimeout(timer);
    map.off('error', fallBack);
    map.off('style.load', stopWatching);
  };
  map.on('error', fallBack);
  map.on('style.load', stopWatching);
  map.once('remove', () => {
    removed = true;
    stopWatching();
  });
}

async function startingStyle(styleUrl: string): Promise<string | StyleSpecification> {
  if (testHooks()?.map === 'blank') return blankStyle();
  const choice = await chooseBaseStyle(styleUrl === OFFLINE_MAP_STYLE ? styleUrl : absoluteUrl(styleUrl), {
    prepareOffline: () => void loadOfflineStyle(),
  });
  return choice.kind === 'remote' ? choice.url : loadOfflineStyle();
}

export function MapView({
  children,
  initialCenter = DEFAULT_MAP_CENTRE,
  initialZoom = MAP_ZOOM.default,
  onWebGLFailure,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const config = useMapConfig();
  // A server that cannot say which basemap to use gets the offline one.
  const styleUrl = config.isPending ? null : (config.data?.style_url ?? OFFLINE_MAP_STYLE);
  // The first view only: later props do not move a map the user has moved.
  const initialView = useRef({ center: initialCenter, zoom: initialZoom });
  const onFailure = useRef(onWebGLFailure);
  useEffect(() => {
    onFailure.current = onWebGLFailure;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (styleUrl === null || !container) return;
    let disposed = false;
    let created: MapLibreMap | null = null;
    let stopCommands: (() => void) | undefined;
    void startingStyle(styleUrl).then((style) => {
      if (disposed) return;
      try {
        created = new MapLibreMap({
          container,
          style,
          ...initialView.current,
          attributionControl: { compact: true },
          locale: { 'Map.Title': CANVAS_LABEL },
        });
      } catch {
        onFailure.current?.();
        return;
      }
      const instance = created;
      // An interactive widget that handles its own keys, not a second landmark.
      instance.getCanvas().setAttribute('role', 'application');
      if (typeof style === 'string') fallBackIfStyleFails(instance);
      instance.once('load', () => {
        rememberBaseLayers(instance);
        if (testHooks()) (window as TestWindow).__flareMap = instance;
        // Listening before the children mount: their first commands (the opening view) arrive.
        stopCommands = onMapCommand((command) => runMapCommand(instance, command));
        setMap(instance);
      });
    });
    return () => {
      disposed = true;
      stopCommands?.();
      setMap(null);
      const testWindow = window as TestWindow;
      if (testWindow.__flareMap === created) delete testWindow.__flareMap;
      created?.remove();
    };
  }, [styleUrl]);

  return (
    <Box pos="absolute" inset={0}>
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
      {map ? <MapContext.Provider value={map}>{children}</MapContext.Provider> : <MapLoading />}
    </Box>
  );
}
