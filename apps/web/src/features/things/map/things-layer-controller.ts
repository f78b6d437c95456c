/**
 * The imperative side of the things layer: shapes the assets into the point-sprite layer's
 * columns, hit-tests the pointer for hover and click, keeps the hover info window, the highlight
 * of the selected and hovered asset, the stacks of overlapping assets (a count badge, and the list
 * of the assets there on click), the station markers and the density heatmap's data.
 * `ThingsLayer` feeds it from React; nothing here re-renders React on hover.
 */
import { Marker, Popup, type GeoJSONSource, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { MARKER_SIZES } from '@flare/core/constants';
import type { RespondersType } from '@flare/core/labels';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus } from '@flare/core/status/thing-status';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { testHooks } from '../../../config/test-hooks';
import { isDrawing, PASS_THROUGH_WHILE_DRAWING } from '../../../map/drawing-mode';
import { showAllOnMap, type LngLat } from '../../../map/map-commands';
import { mercatorOf, worldSize } from '../../../map/mercator';
import { badgeCell, TONE_COLORS } from './things-icon-atlas';
import { badgeShift, badgeSize, HIGHLIGHT_SCALE, ThingsGlLayer } from './things-gl-layer';
import { stackListElement } from './things-stack-list';
import {
  findStacks,
  mercatorPositions,
  NO_STACKS,
  STACK_REACH,
  stackMembers,
  uncovered,
  type Stacks,
} from './things-stacks';
import {
  EMPTY_SHAPED,
  hexToRgb,
  markerZ,
  MARKER_TONES,
  shapeThings,
  thingIconIndex,
  thingInfo,
  type MarkerTone,
  type ShapedThings,
} from './things-layer-data';
import type { StationGroup } from './use-station-groups';

export interface ThingsLayerState {
  things: ReadonlyMap<string, Thing>;
  /** The clock staleness is judged by. */
  now: number;
  include: (thing: Thing) => boolean;
  /** markerSizeIndex of the map's zoom. */
  sizeIndex: 0 | 1 | 2;
  selectedId: string | null;
  /** Stations drawn in place of their assets (grouping on), else none. */
  stations: readonly StationGroup[];
  density: boolean;
  respondersType: RespondersType;
  countryCode: string | null;
  onSelect: (id: string) => void;
}

const TONE_RGB = Object.fromEntries(
  MARKER_TONES.map((tone) => [tone, hexToRgb(TONE_COLORS[tone])]),
) as Record<MarkerTone, [number, number, number]>;

export const THINGS_LAYER_ID = 'flare-things';

export const DENSITY_SOURCE = 'flare-things-density';
export const DENSITY_LAYER = 'flare-things-density';

/** Adds the Density View heatmap (MapLibre's own; @deck.gl/aggregation-layers is not installed). */
export function addDensityLayer(map: MapLibreMap): void {
  if (map.getSource(DENSITY_SOURCE)) return;
  map.addSource(DENSITY_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({
    id: DENSITY_LAYER,
    type: 'heatmap',
    source: DENSITY_SOURCE,
    paint: {
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 15, 2],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 5, 12, 15, 30],
      'heatmap-opacity': 0.75,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(25,113,194,0)',
        0.2,
        '#74c0fc',
        0.5,
        '#ffd43b',
        0.8,
        '#f76707',
        1,
        '#c92a2a',
      ],
    },
  });
}

export function removeDensityLayer(map: MapLibreMap): void {
  if (has(() => map.getLayer(DENSITY_LAYER))) map.removeLayer(DENSITY_LAYER);
  if (has(() => map.getSource(DENSITY_SOURCE))) map.removeSource(DENSITY_SOURCE);
}

/** Whether the map still has it: a map that lost its style (or was removed) throws when asked. */
function has(lookup: () => unknown): boolean {
  try {
    return Boolean(lookup());
  } catch {
    return false;
  }
}

/** What browser tests read (only when they set test hooks: config/test-hooks.ts). */
export interface ThingsLayerTestHook {
  /** The assets on the map (those under a stack's top included), lowest first. */
  items(): Array<{ id: string; name: string; status: string; position: [number, number] }>;
  /** Where an asset is drawn, in page (client) pixels, or null when it is not drawn. */
  screenPoint(id: string): { x: number; y: number } | null;
  hoveredId(): string | null;
  /** The stacks of overlapping assets: their ids, topmost first, and where the count badge is drawn. */
  stacks(): Array<{ ids: string[]; badge: { x: number; y: number } }>;
}

type TestWindow = Window & { __flareThingsLayer?: ThingsLayerTestHook };

export class ThingsLayerController {
  private readonly layer = new ThingsGlLayer(THINGS_LAYER_ID);
  private shaped: ShapedThings = EMPTY_SHAPED;
  private state: ThingsLayerState | null = null;
  private hoveredId: string | null = null;
  /** The pinned and hovered assets as drawn on top, lowest first. */
  private highlighted: Thing[] = [];
  private popup: Popup | null = null;
  private densityPushed: ShapedThings | null = null;
  private stationMarkers = new Map<string, Marker>();
  private pointer: { x: number; y: number } | null = null;
  private hoverFrame = 0;
  /** Mercator x, y per draw position of `shaped`. */
  private mercator: Float64Array = new Float64Array(0);
  private stacks: Stacks = NO_STACKS;
  /** The list of the assets of a clicked stack. */
  private stackList: Popup | null = null;

  constructor(private readonly map: MapLibreMap) {
    map.addLayer(this.layer);
    map.on('mousemove', this.onMouseMove);
    map.on('mouseout', this.onMouseOut);
    map.on('click', this.onClick);
    map.on('zoomend', this.onZoomEnd);
    if (testHooks()) (window as TestWindow).__flareThingsLayer = this.testHook();
  }

  update(state: ThingsLayerState): void {
    const previous = this.state;
    this.state = state;
    if (
      !previous ||
      previous.things !== state.things ||
      previous.now !== state.now ||
      previous.include !== state.include
    ) {
      this.shaped = shapeThings(
        state.things.values(),
        { now: state.now, include: state.include, toneColors: TONE_RGB },
        this.shaped,
      );
      this.mercator = mercatorPositions(this.shaped.positions, this.shaped.count);
      this.restack();
    } else if (previous.sizeIndex !== state.sizeIndex) {
      this.restack();
    }
    this.layer.setSize(MARKER_SIZES.thing[state.sizeIndex]);
    if (this.hoveredId && !state.things.has(this.hoveredId)) this.hoveredId = null;
    this.showHighlights();
    this.showInfo();
    this.showStations(state);
    if (state.density) this.pushDensity();
    else this.densityPushed = null;
  }

  /** The data the layer currently draws (the benchmark and tests read it). */
  get data(): ShapedThings {
    return this.shaped;
  }

  dispose(): void {
    cancelAnimationFrame(this.hoverFrame);
    this.map.off('mousemove', this.onMouseMove);
    this.map.off('mouseout', this.onMouseOut);
    this.map.off('click', this.onClick);
    this.map.off('zoomend', this.onZoomEnd);
    this.popup?.remove();
    this.popup = null;
    this.stackList?.remove();
    this.stackList = null;
    this.stationMarkers.forEach((marker) => marker.remove());
    this.stationMarkers.clear();
    // The map may have lost its style (or been removed) first, taking the layer along.
    if (has(() => this.map.getLayer(THINGS_LAYER_ID))) this.map.removeLayer(THINGS_LAYER_ID);
    this.map.getCanvas().style.cursor = '';
    const testWindow = window as TestWindow;
    if (testWindow.__flareThingsLayer) delete testWindow.__flareThingsLayer;
  }

  /** Hit-tests at most once a frame, however fast the pointer moves; not while a shape is drawn. */
  private readonly onMouseMove = (event: MapMouseEvent) => {
    if (isDrawing(this.map)) return;
    this.pointer = event.point;
    if (this.hoverFrame) return;
    this.hoverFrame = requestAnimationFrame(() => {
      this.hoverFrame = 0;
      if (this.pointer) this.hover(this.hitAt(this.pointer)?.thing ?? null);
    });
  };

  private readonly onMouseOut = () => {
    this.pointer = null;
    this.hover(null);
  };

  /**
   * A click on a lone asset selects it; on a stack (or its badge) it lists the assets there. Not while
   * a shape is drawn: that click is a point of the shape.
   */
  private readonly onClick = (event: MapMouseEvent) => {
    if (isDrawing(this.map)) return;
    const hit = this.hitAt(event.point);
    if (!hit || !this.state) return;
    const members = hit.index < 0 ? [] : stackMembers(this.stacks, hit.index);
    if (members.length > 1) this.showStackList(members);
    else this.state.onSelect(hit.thing.id);
  };

  /** Overlaps change with the zoom: grouped again once a zoom ends (not on every frame of it). */
  private readonly onZoomEnd = () => this.restack();

  /**
   * Groups the assets into stacks at the map's zoom and draws the lone ones, the stacks' tops and
   * their count badges.
   */
  private restack(): void {
    const state = this.state;
    if (!state) return;
    const { count, positions } = this.shaped;
    const size = MARKER_SIZES.thing[state.sizeIndex];
    this.stacks = findStacks(this.mercator, count, size * STACK_REACH, worldSize(this.map.getZoom()));
    this.layer.setData(this.shaped, uncovered(this.stacks));
    this.layer.setBadges(
      this.stacks.tops.map((top, i) => ({
        lng: positions[top * 3]!,
        lat: positions[top * 3 + 1]!,
        cell: badgeCell(this.stacks.sizes[i]!),
      })),
    );
  }

  /**
   * The topmost asset under a point and its draw index (-1 when it is drawn only as a highlight):
   * the highlighted ones (drawn on top, larger) first, then the markers, then the count badges.
   */
  private hitAt(point: { x: number; y: number }): { thing: Thing; index: number } | null {
    const reach = (MARKER_SIZES.thing[this.state?.sizeIndex ?? 0] * HIGHLIGHT_SCALE) / 2;
    for (const thing of [...this.highlighted].reverse()) {
      const at = this.map.project([thing.lng!, thing.lat!]);
      if (Math.abs(at.x - point.x) <= reach && Math.abs(at.y - point.y) <= reach) {
        return { thing, index: this.shaped.things.indexOf(thing) };
      }
    }
    let index = this.layer.hitTest(point);
    if (index < 0) index = this.badgeAt(point);
    const thing = this.shaped.things[index];
    return thing ? { thing, index } : null;
  }

  /** The draw index of the top of the stack whose badge covers the point, or -1. */
  private badgeAt(point: { x: number; y: number }): number {
    if (this.stacks.tops.length === 0 || !this.state) return -1;
    const size = MARKER_SIZES.thing[this.state.sizeIndex];
    const world = worldSize(this.map.getZoom());
    const at = this.map.unproject([point.x, point.y]);
    const [x, y] = mercatorOf(at.lng, at.lat);
    const shift = badgeShift(size) / world;
    const radius = badgeSize(size) / 2 / world;
    for (const top of this.stacks.tops) {
      // The badge sits up and to the right of its marker (Mercator y grows southwards).
      const dx = x - (this.mercator[top * 2]! + shift);
      const dy = y - (this.mercator[top * 2 + 1]! - shift);
      if (Math.abs(dx) <= radius && Math.abs(dy) <= radius) return top;
    }
    return -1;
  }

  /** The list of a stack's assets in a popup at its top marker; choosing one selects it. */
  private showStackList(members: number[]): void {
    const state = this.state;
    if (!state) return;
    const things = members.map((index) => this.shaped.things[index]!);
    const positions = things.map((thing): LngLat => [thing.lng!, thing.lat!]);
    const spread = positions.some(([lng, lat]) => lng !== positions[0]![0] || lat !== positions[0]![1]);
    const close = () => {
      this.stackList?.remove();
      this.map.getCanvas().focus();
    };
    const content = stackListElement(things, {
      now: Date.now(),
      respondersType: state.respondersType,
      countryCode: state.countryCode,
      onChoose: (id) => {
        this.stackList?.remove();
        state.onSelect(id);
      },
      onClose: close,
      ...(spread
        ? {
            onZoomIn: () => {
              this.stackList?.remove();
              showAllOnMap(positions);
            },
          }
        : {}),
    });
    this.stackList?.remove();
    const list = new Popup({
      closeButton: true,
      closeOnClick: true,
      maxWidth: '300px',
      offset: MARKER_SIZES.thing[state.sizeIndex] / 2 + 4,
    })
      .setLngLat(positions[0]!)
      .setDOMContent(content);
    list.once('close', () => {
      if (this.stackList === list) this.stackList = null;
    });
    this.stackList = list;
    this.hover(null);
    list.addTo(this.map);
  }

  private hover(thing: Thing | null): void {
    const id = thing?.id ?? null;
    if (id === this.hoveredId) return;
    this.hoveredId = id;
    this.map.getCanvas().style.cursor = id ? 'pointer' : '';
    this.showHighlights();
    this.showInfo();
  }

  /** The selected (pinned) and hovered assets, drawn again on top in their stacking order. */
  private showHighlights(): void {
    const state = this.state;
    if (!state) return;
    const list: Array<{ thing: Thing; z: number }> = [];
    const add = (id: string | null, pinned: boolean, hovered: boolean) => {
      const thing = id ? state.things.get(id) : undefined;
      if (!thing || thing.lat === null || thing.lng === null) return;
      list.push({ thing, z: markerZ(fromServerStatus(thing.status), { pinned, hovered }) });
    };
    const hoveredIsSelected = this.hoveredId !== null && this.hoveredId === state.selectedId;
    add(state.selectedId, true, hoveredIsSelected);
    if (!hoveredIsSelected) add(this.hoveredId, false, true);
    this.highlighted = list.sort((a, b) => a.z - b.z).map(({ thing }) => thing);
    this.layer.setHighlights(
      this.highlighted.map((thing) => ({ lng: thing.lng!, lat: thing.lat!, cell: thingIconIndex(thing) })),
    );
  }

  /** Stations drawn in place of their assets: a few DOM markers with the count. */
  private showStations(state: ThingsLayerState): void {
    const size = MARKER_SIZES.station[state.sizeIndex];
    const shown = new Set(state.stations.map((station) => station.id));
    for (const [id, marker] of this.stationMarkers) {
      if (!shown.has(id)) {
        marker.remove();
        this.stationMarkers.delete(id);
      }
    }
    for (const station of state.stations) {
      let marker = this.stationMarkers.get(station.id);
      if (!marker) {
        const element = document.createElement('div');
        element.setAttribute('role', 'img');
        element.classList.add(PASS_THROUGH_WHILE_DRAWING);
        marker = new Marker({ element }).setLngLat(station.position).addTo(this.map);
        this.stationMarkers.set(station.id, marker);
      }
      const element = marker.getElement();
      element.setAttribute('aria-label', `${station.name}: ${station.thingIds.size} assets`);
      element.textContent = String(station.thingIds.size);
      element.style.cssText = `min-width:${size}px;height:${size}px;padding:0 3px;border-radius:4px;background:#1c2b4a;color:#fff;font:600 ${Math.max(8, size - 6)}px/${size}px system-ui,sans-serif;text-align:center`;
      marker.setLngLat(station.position);
    }
  }

  /** The hover info window: name, status and speed, following the asset while it moves. */
  private showInfo(): void {
    const state = this.state;
    const thing = this.hoveredId && state ? state.things.get(this.hoveredId) : undefined;
    // While a stack's list is open it says more than the info window would, in the same place.
    if (!state || !thing || thing.lat === null || thing.lng === null || this.stackList) {
      this.popup?.remove();
      return;
    }
    const info = thingInfo(thing, {
      now: Date.now(),
      respondersType: state.respondersType,
      countryCode: state.countryCode,
    });
    const content = document.createElement('div');
    content.setAttribute('role', 'tooltip');
    content.dataset.thingId = thing.id;
    content.style.cssText = 'font: 13px/1.35 system-ui, sans-serif; color: #212529; min-width: 120px';
    const name = document.createElement('strong');
    name.textContent = info.name;
    const status = document.createElement('div');
    status.textContent = info.status;
    const speed = document.createElement('div');
    speed.textContent = info.speed;
    content.append(name, status, speed);
    const index = this.shaped.things.indexOf(thing);
    const stacked = index < 0 ? 0 : stackMembers(this.stacks, index).length;
    if (stacked > 1) {
      const more = document.createElement('div');
      more.textContent = `${stacked - 1} more here: click to list them`;
      content.append(more);
    }

    const size = MARKER_SIZES.thing[state.sizeIndex];
    this.popup ??= new Popup({
      closeButton: false,
      closeOnClick: false,
      focusAfterOpen: false,
      maxWidth: '260px',
    });
    this.popup
      .setOffset(size / 2 + 4)
      .setLngLat([thing.lng, thing.lat])
      .setDOMContent(content);
    if (!this.popup.isOpen()) this.popup.addTo(this.map);
  }

  private pushDensity(): void {
    if (this.densityPushed === this.shaped) return;
    const source = this.map.getSource<GeoJSONSource>(DENSITY_SOURCE);
    if (!source) return;
    const { count, positions } = this.shaped;
    const features = new Array<GeoJSON.Feature<GeoJSON.Point>>(count);
    for (let i = 0; i < count; i++) {
      features[i] = {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [positions[i * 3]!, positions[i * 3 + 1]!] },
      };
    }
    void source.setData({ type: 'FeatureCollection', features });
    this.densityPushed = this.shaped;
  }

  private testHook(): ThingsLayerTestHook {
    return {
      items: () =>
        this.shaped.things.map((thing) => ({
          id: thing.id,
          name: primaryDisplayName(thing),
          status: thing.status,
          position: [thing.lng!, thing.lat!],
        })),
      screenPoint: (id) => {
        const thing = this.shaped.things.find((t) => t.id === id);
        if (!thing) return null;
        const point = this.map.project([thing.lng!, thing.lat!]);
        const rect = this.map.getCanvas().getBoundingClientRect();
        return { x: rect.left + point.x, y: rect.top + point.y };
      },
      hoveredId: () => this.hoveredId,
      stacks: () => {
        const rect = this.map.getCanvas().getBoundingClientRect();
        const shift = badgeShift(MARKER_SIZES.thing[this.state?.sizeIndex ?? 0]);
        return this.stacks.tops.map((top) => {
          const thing = this.shaped.things[top]!;
          const point = this.map.project([thing.lng!, thing.lat!]);
          return {
            ids: stackMembers(this.stacks, top).map((index) => this.shaped.things[index]!.id),
            badge: { x: rect.left + point.x + shift, y: rect.top + point.y - shift },
          };
        });
      },
    };
  }
}
