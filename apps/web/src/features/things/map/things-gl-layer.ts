/**
 * The assets drawn straight into MapLibre's WebGL2 context as one point sprite each: one vertex
 * per asset with a three-line vertex shader, the icon sampled from the canvas-drawn atlas.
 * Measured in headless Chromium (software WebGL), this costs a small fraction of deck.gl's
 * instanced IconLayer or MapLibre's own symbol and circle layers per asset (docs/benchmarks.md,
 * "Live map"), which is what keeps tens of thousands of moving assets smooth there.
 *
 * Positions are uploaded relative to an origin near the data (computed in double precision on
 * the CPU, "relative to centre"), so single-precision floats stay exact to a pixel at any zoom.
 *
 * While the camera only moves sideways (a drag or a pan, same zoom, bearing and no pitch) and the
 * data stays the same, the sprites are not drawn again: they are drawn once into a texture a margin
 * larger than the view, and each frame copies that texture shifted by the camera's move. Drawing
 * the sprites costs about as much per frame as the whole empty map in software WebGL at 10,000
 * assets; the copy costs one screen-sized quad whatever the fleet.
 *
 * Stacks of overlapping assets draw as their top marker with a count badge: one more sprite per
 * stack, drawn last, moved up and to the right of the top marker by a fixed number of pixels. The
 * assets under the top are not drawn (the controller passes the drawn ones to `setData`).
 */
import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl';
import { atlasCell, ATLAS_GRID, ARROW_CELL, CELL_PIXELS, HALO_CELL, iconAtlas } from './things-icon-atlas';
import { mercatorOf, worldSize } from '../../../map/mercator';
import type { ShapedThings } from './things-layer-data';

/** The direction arrow's sprite, as a share of the marker size, and how far out its centre sits. */
export const ARROW_SCALE = 0.55;
export const ARROW_OFFSET = 0.72;
export const HIGHLIGHT_SCALE = 1.25;
export const HALO_SCALE = 1.7;
/** The count badge, as a share of the marker size (at least BADGE_MIN_PIXELS), and its centre's shift. */
export const BADGE_SCALE = 0.75;
export const BADGE_MIN_PIXELS = 14;
export const BADGE_SHIFT = 0.45;

const ICON_VERTEX = `#version 300 es
in vec2 a_position;
in float a_cell;
in float a_alpha;
uniform mat4 u_matrix;
uniform float u_size;
uniform vec2 u_grid;
// A shift in pixels (x right, y up) over the viewport's size in pixels: badges sit beside their marker.
uniform vec2 u_shift;
uniform vec2 u_viewport;
flat out vec2 v_cell;
flat out float v_alpha;
void main() {
  vec4 centre = u_matrix * vec4(a_position, 0.0, 1.0);
  gl_Position = centre + vec4(u_shift / u_viewport * 2.0 * centre.w, 0.0, 0.0);
  gl_PointSize = u_size;
  v_cell = vec2(mod(a_cell, u_grid.x), floor(a_cell / u_grid.x));
  v_alpha = a_alpha;
}`;

// One mipmap level, the smallest at least as large as the sprite, chosen once per draw (u_lod) and
// sampled nearest: in software WebGL filtered sampling was the layer's largest cost (about half the
// frame at 10,000 assets), and the box-filtered levels already match the marker sizes (16, 32 px).
const ICON_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_atlas;
uniform vec2 u_grid;
uniform float u_lod;
flat in vec2 v_cell;
flat in float v_alpha;
out vec4 color;
void main() {
  vec4 texel = textureLod(u_atlas, (v_cell + gl_PointCoord) / u_grid, u_lod);
  if (texel.a < 0.02) discard;
  color = texel * v_alpha;
}`;

/**
 * The arrow: a small chevron sprite in the status colour, moved out from the asset in the
 * direction of travel (in pixels, so it keeps its distance at every zoom) and turned to it.
 */
const ARROW_VERTEX = `#version 300 es
in vec2 a_position;
in float a_angle;
in vec4 a_color;
uniform mat4 u_matrix;
uniform float u_size;
uniform float u_offset;
uniform vec2 u_viewport;
flat out float v_angle;
flat out vec4 v_color;
void main() {
  vec4 centre = u_matrix * vec4(a_position, 0.0, 1.0);
  float angle = radians(a_angle);
  vec2 shift = vec2(sin(angle), cos(angle)) * u_offset / u_viewport * 2.0;
  gl_Position = centre + vec4(shift * centre.w, 0.0, 0.0);
  gl_PointSize = u_size;
  v_angle = angle;
  v_color = a_color;
}`;

const ARROW_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_atlas;
uniform vec2 u_grid;
uniform vec2 u_cell;
uniform float u_lod;
flat in float v_angle;
flat in vec4 v_color;
out vec4 color;
void main() {
  // Sample the upright chevron at the point turned back by the course (y grows downwards).
  vec2 p = gl_PointCoord - 0.5;
  float c = cos(v_angle);
  float s = sin(v_angle);
  vec2 q = clamp(vec2(c * p.x + s * p.y, -s * p.x + c * p.y) + 0.5, 0.0, 1.0);
  float mask = textureLod(u_atlas, (u_cell + q) / u_grid, u_lod).a;
  if (mask < 0.02) discard;
  color = vec4(v_color.rgb, 1.0) * v_color.a * mask;
}`;

const ARROW_UNIFORMS = [
  'u_matrix',
  'u_size',
  'u_grid',
  'u_atlas',
  'u_cell',
  'u_lod',
  'u_offset',
  'u_viewport',
];

/** The cache drawn over the screen, shifted by the camera's move since (u_shift, in clip units). */
const CACHE_VERTEX = `#version 300 es
uniform vec2 u_shift;
uniform vec2 u_scale;
out vec2 v_texel;
void main() {
  // One triangle covering the screen, its corners from the vertex index (no buffer).
  vec2 clip = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(clip, 0.0, 1.0);
  v_texel = ((clip - u_shift) * u_scale + 1.0) * 0.5;
}`;

const CACHE_FRAGMENT = `#version 300 es
precision highp float;
uniform sampler2D u_cache;
in vec2 v_texel;
out vec4 color;
void main() {
  color = texture(u_cache, v_texel);
  if (color.a == 0.0) discard;
}`;

/** How far the camera may move before the cache is drawn again, as a share of the larger side. */
const CACHE_MARGIN = 0.25;

interface SpriteCache {
  framebuffer: WebGLFramebuffer;
  texture: WebGLTexture;
  width: number;
  height: number;
  /** The matrix the cache was drawn with, and the view it was drawn for, in device pixels. */
  matrix: Float64Array;
  viewWidth: number;
  viewHeight: number;
  valid: boolean;
}

interface Program {
  program: WebGLProgram;
  uniforms: Record<string, WebGLUniformLocation | null>;
  attributes: Record<string, number>;
}

interface Batch {
  vao: WebGLVertexArrayObject;
  buffers: WebGLBuffer[];
  count: number;
}

/** One highlighted (pinned or hovered) asset, drawn again on top with a halo; or a count badge. */
export interface HighlightSprite {
  lng: number;
  lat: number;
  cell: number;
}

/** How far a badge's centre sits from its marker's, in CSS pixels (x right, y up). */
export function badgeShift(markerSize: number): number {
  return markerSize * BADGE_SHIFT;
}

/** A badge's size in CSS pixels for a marker size. */
export function badgeSize(markerSize: number): number {
  return Math.max(BADGE_MIN_PIXELS, Math.round(markerSize * BADGE_SCALE));
}

export class ThingsGlLayer implements CustomLayerInterface {
  readonly id: string;
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;

  private map: MapLibreMap | null = null;
  private gl: WebGL2RenderingContext | null = null;
  private icons: Program | null = null;
  private arrowProgram: Program | null = null;
  private cacheProgram: Program | null = null;
  private cache: SpriteCache | null = null;
  private cacheVao: WebGLVertexArrayObject | null = null;
  private texture: WebGLTexture | null = null;
  private things: Batch | null = null;
  private arrows: Batch | null = null;
  private highlights: Batch | null = null;
  private halos: Batch | null = null;
  private badges: Batch | null = null;
  /** Mercator origin of the uploaded positions. */
  private origin: [number, number] = [0, 0];
  private highlightOrigin: [number, number] = [0, 0];
  private badgeOrigin: [number, number] = [0, 0];
  private pending: { data: ShapedThings; drawn: Uint32Array } | null = null;
  private pendingHighlights: HighlightSprite[] | null = null;
  private pendingBadges: HighlightSprite[] | null = null;
  /** Mercator x, y of each drawn asset (relative to `origin`), for hit testing. */
  private mercator: Float32Array = new Float32Array(0);
  /** The draw index (in the shaped data) of each drawn asset. */
  private drawIndex: Uint32Array = new Uint32Array(0);
  private size = 16;

  constructor(id: string) {
    this.id = id;
  }

  onAdd(map: MapLibreMap, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    if (!(gl instanceof WebGL2RenderingContext)) throw new Error('The asset layer needs WebGL 2');
    this.map = map;
    this.gl = gl;
    this.icons = link(
      gl,
      ICON_VERTEX,
      ICON_FRAGMENT,
      ['u_matrix', 'u_size', 'u_grid', 'u_atlas', 'u_lod', 'u_shift', 'u_viewport'],
      ['a_position', 'a_cell', 'a_alpha'],
    );
    this.arrowProgram = link(gl, ARROW_VERTEX, ARROW_FRAGMENT, ARROW_UNIFORMS, [
      'a_position',
      'a_angle',
      'a_color',
    ]);
    this.cacheProgram = link(gl, CACHE_VERTEX, CACHE_FRAGMENT, ['u_shift', 'u_scale', 'u_cache'], []);
    this.cacheVao = gl.createVertexArray();
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, iconAtlas());
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.generateMipmap(gl.TEXTURE_2D);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST_MIPMAP_NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindTexture(gl.TEXTURE_2D, null);
    if (this.pending) this.setData(this.pending.data, this.pending.drawn);
    if (this.pendingHighlights) this.setHighlights(this.pendingHighlights);
    if (this.pendingBadges) this.setBadges(this.pendingBadges);
  }

  onRemove(_map: MapLibreMap, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    const gl2 = gl as WebGL2RenderingContext;
    for (const batch of [this.things, this.arrows, this.highlights, this.halos, this.badges]) {
      if (batch) free(gl2, batch);
    }
    if (this.icons) gl2.deleteProgram(this.icons.program);
    if (this.arrowProgram) gl2.deleteProgram(this.arrowProgram.program);
    if (this.cacheProgram) gl2.deleteProgram(this.cacheProgram.program);
    if (this.cache) {
      gl2.deleteFramebuffer(this.cache.framebuffer);
      gl2.deleteTexture(this.cache.texture);
    }
    gl2.deleteVertexArray(this.cacheVao);
    gl2.deleteTexture(this.texture);
    this.cache = null;
    this.things = this.arrows = this.highlights = this.halos = this.badges = null;
    this.gl = null;
    this.map = null;
  }

  /** Marker size in CSS pixels. */
  setSize(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.invalidate();
  }

  /**
   * Uploads the assets in draw order (lowest first) and their arrows: those of `drawn` (draw
   * indices, lowest first).
   */
  setData(data: ShapedThings, drawn: Uint32Array): void {
    const gl = this.gl;
    this.pending = { data, drawn };
    if (!gl || !this.icons || !this.arrowProgram) return;
    const isDrawn = new Uint8Array(data.count);
    const positions = new Float64Array(drawn.length * 3);
    const cells = new Float32Array(drawn.length);
    const alphas = new Uint8Array(drawn.length);
    drawn.forEach((index, slot) => {
      isDrawn[index] = 1;
      positions[slot * 3] = data.positions[index * 3]!;
      positions[slot * 3 + 1] = data.positions[index * 3 + 1]!;
      cells[slot] = atlasCell(data.icons[index]!);
      alphas[slot] = data.colors[index * 4 + 3]!;
    });
    this.drawIndex = drawn;
    this.origin = centreOf(positions, drawn.length);
    this.mercator = toMercator(positions, drawn.length, this.origin);
    this.things = upload(gl, this.things, this.icons, drawn.length, [
      { name: 'a_position', data: this.mercator, size: 2, type: gl.FLOAT },
      { name: 'a_cell', data: cells, size: 1, type: gl.FLOAT },
      { name: 'a_alpha', data: alphas, size: 1, type: gl.UNSIGNED_BYTE, normalized: true },
    ]);
    const arrows = data.arrows;
    const arrowSlots: number[] = [];
    for (let k = 0; k < arrows.count; k++) if (isDrawn[arrows.owners[k]!]) arrowSlots.push(k);
    const arrowPositions = new Float64Array(arrowSlots.length * 3);
    const angles = new Float32Array(arrowSlots.length);
    const tones = new Uint8Array(arrowSlots.length * 4);
    arrowSlots.forEach((k, slot) => {
      arrowPositions.set(arrows.positions.subarray(k * 3, k * 3 + 2), slot * 3);
      angles[slot] = arrows.angles[k]!;
      tones.set(arrows.tones.subarray(k * 4, k * 4 + 4), slot * 4);
    });
    this.arrows = upload(gl, this.arrows, this.arrowProgram, arrowSlots.length, [
      {
        name: 'a_position',
        data: toMercator(arrowPositions, arrowSlots.length, this.origin),
        size: 2,
        type: gl.FLOAT,
      },
      { name: 'a_angle', data: angles, size: 1, type: gl.FLOAT },
      { name: 'a_color', data: tones, size: 4, type: gl.UNSIGNED_BYTE, normalized: true },
    ]);
    this.invalidate();
  }

  /** The pinned and hovered assets, lowest first, drawn larger above everything with a halo. */
  setHighlights(sprites: HighlightSprite[]): void {
    const gl = this.gl;
    this.pendingHighlights = sprites;
    if (!gl || !this.icons) return;
    const positions = new Float64Array(sprites.length * 3);
    sprites.forEach((sprite, i) => positions.set([sprite.lng, sprite.lat, 0], i * 3));
    this.highlightOrigin = centreOf(positions, sprites.length);
    const mercator = toMercator(positions, sprites.length, this.highlightOrigin);
    const opaque = new Uint8Array(sprites.length).fill(255);
    this.halos = upload(gl, this.halos, this.icons, sprites.length, [
      { name: 'a_position', data: mercator, size: 2, type: gl.FLOAT },
      { name: 'a_cell', data: new Float32Array(sprites.length).fill(HALO_CELL), size: 1, type: gl.FLOAT },
      { name: 'a_alpha', data: opaque, size: 1, type: gl.UNSIGNED_BYTE, normalized: true },
    ]);
    this.highlights = upload(gl, this.highlights, this.icons, sprites.length, [
      { name: 'a_position', data: mercator, size: 2, type: gl.FLOAT },
      { name: 'a_cell', data: Float32Array.from(sprites, (s) => s.cell), size: 1, type: gl.FLOAT },
      { name: 'a_alpha', data: opaque, size: 1, type: gl.UNSIGNED_BYTE, normalized: true },
    ]);
    this.invalidate();
  }

  /** The count badges of the stacks (a badge's cell says its count), drawn above every marker. */
  setBadges(sprites: HighlightSprite[]): void {
    const gl = this.gl;
    this.pendingBadges = sprites;
    if (!gl || !this.icons) return;
    const positions = new Float64Array(sprites.length * 3);
    sprites.forEach((sprite, i) => positions.set([sprite.lng, sprite.lat, 0], i * 3));
    this.badgeOrigin = centreOf(positions, sprites.length);
    this.badges = upload(gl, this.badges, this.icons, sprites.length, [
      {
        name: 'a_position',
        data: toMercator(positions, sprites.length, this.badgeOrigin),
        size: 2,
        type: gl.FLOAT,
      },
      { name: 'a_cell', data: Float32Array.from(sprites, (s) => s.cell), size: 1, type: gl.FLOAT },
      {
        name: 'a_alpha',
        data: new Uint8Array(sprites.length).fill(255),
        size: 1,
        type: gl.UNSIGNED_BYTE,
        normalized: true,
      },
    ]);
    this.invalidate();
  }

  /**
   * The draw index of the topmost drawn asset whose marker covers the point (CSS pixels), or -1.
   * Compares in Mercator units, which is exact for a map without pitch.
   */
  hitTest(point: { x: number; y: number }): number {
    const map = this.map;
    const count = this.drawIndex.length;
    if (!map || count === 0) return -1;
    const at = map.unproject([point.x, point.y]);
    const [px, py] = mercatorOf(at.lng, at.lat);
    const x = px - this.origin[0];
    const y = py - this.origin[1];
    const radius = this.size / 2 / worldSize(map.getZoom());
    const mercator = this.mercator;
    for (let i = count - 1; i >= 0; i--) {
      if (Math.abs(mercator[i * 2]! - x) <= radius && Math.abs(mercator[i * 2 + 1]! - y) <= radius) {
        return this.drawIndex[i]!;
      }
    }
    return -1;
  }

  private isEmpty(): boolean {
    return (this.things?.count ?? 0) === 0 && (this.highlights?.count ?? 0) === 0;
  }

  /** The sprites changed: the cache is drawn again on the next frame. */
  private invalidate(): void {
    if (this.cache) this.cache.valid = false;
    this.map?.triggerRepaint();
  }

  /**
   * Runs before the frame's main pass, in MapLibre's offscreen pass: draws the sprites into the
   * cache unless the cache still holds them for this camera (see `cacheShift`).
   */
  prerender(gl: WebGLRenderingContext | WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const gl2 = gl as WebGL2RenderingContext;
    const matrix = options.modelViewProjectionMatrix;
    const width = gl2.drawingBufferWidth;
    const height = gl2.drawingBufferHeight;
    if (this.isEmpty() || !isFlat(matrix) || cacheShift(this.cache, matrix, width, height)) return;
    const cache = this.cacheFor(gl2, width, height);
    if (!cache) return;
    gl2.bindFramebuffer(gl2.FRAMEBUFFER, cache.framebuffer);
    gl2.viewport(0, 0, cache.width, cache.height);
    gl2.clearColor(0, 0, 0, 0);
    gl2.clear(gl2.COLOR_BUFFER_BIT);
    // The view's clip space scaled into the larger cache: one cache pixel per device pixel.
    const scaled = Float64Array.from(matrix);
    for (const column of [0, 4, 8, 12]) {
      scaled[column] = matrix[column]! * (width / cache.width);
      scaled[column + 1] = matrix[column + 1]! * (height / cache.height);
    }
    this.drawSprites(gl2, scaled, cache.width, cache.height);
    cache.matrix = Float64Array.from(matrix);
    cache.viewWidth = width;
    cache.viewHeight = height;
    cache.valid = true;
    gl2.bindFramebuffer(gl2.FRAMEBUFFER, null);
  }

  render(gl: WebGLRenderingContext | WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const gl2 = gl as WebGL2RenderingContext;
    const matrix = options.modelViewProjectionMatrix;
    const width = gl2.drawingBufferWidth;
    const height = gl2.drawingBufferHeight;
    if (this.isEmpty()) return;
    const shift = cacheShift(this.cache, matrix, width, height);
    if (!shift || !this.cache || !this.cacheProgram) {
      this.drawSprites(gl2, matrix, width, height);
      return;
    }
    const program = this.cacheProgram;
    gl2.enable(gl2.BLEND);
    gl2.blendFunc(gl2.ONE, gl2.ONE_MINUS_SRC_ALPHA);
    gl2.disable(gl2.DEPTH_TEST);
    gl2.disable(gl2.STENCIL_TEST);
    gl2.useProgram(program.program);
    gl2.activeTexture(gl2.TEXTURE0);
    gl2.bindTexture(gl2.TEXTURE_2D, this.cache.texture);
    gl2.uniform1i(program.uniforms.u_cache!, 0);
    gl2.uniform2f(program.uniforms.u_shift!, shift[0], shift[1]);
    gl2.uniform2f(program.uniforms.u_scale!, width / this.cache.width, height / this.cache.height);
    gl2.bindVertexArray(this.cacheVao);
    gl2.drawArrays(gl2.TRIANGLES, 0, 3);
    gl2.bindVertexArray(null);
    gl2.bindTexture(gl2.TEXTURE_2D, null);
  }

  /** The cache's framebuffer for this view size, or null when it would exceed the GPU's limit. */
  private cacheFor(gl: WebGL2RenderingContext, viewWidth: number, viewHeight: number): SpriteCache | null {
    const margin = Math.round(Math.max(viewWidth, viewHeight) * CACHE_MARGIN);
    const width = viewWidth + 2 * margin;
    const height = viewHeight + 2 * margin;
    if (this.cache?.width === width && this.cache.height === height) return this.cache;
    if (this.cache) {
      gl.deleteFramebuffer(this.cache.framebuffer);
      gl.deleteTexture(this.cache.texture);
      this.cache = null;
    }
    const limit = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
    if (width > limit || height > limit) return null;
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    // Nearest: the cache is shown pixel for pixel, only shifted.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindTexture(gl.TEXTURE_2D, null);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.cache = {
      framebuffer,
      texture,
      width,
      height,
      matrix: new Float64Array(16),
      viewWidth,
      viewHeight,
      valid: false,
    };
    return this.cache;
  }

  /** Every sprite drawn into the bound framebuffer (`width` × `height` device pixels). */
  private drawSprites(
    gl: WebGL2RenderingContext,
    matrix: ArrayLike<number>,
    width: number,
    height: number,
  ): void {
    if (!this.icons || !this.arrowProgram || !this.texture) return;
    const ratio = this.map?.getPixelRatio() ?? 1;
    const world = worldSize(this.map?.getZoom() ?? 0);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.STENCIL_TEST);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);

    const draw = (
      program: Program,
      batch: Batch | null,
      size: number,
      origin: [number, number],
      options: { arrowCell?: number; shift?: number } = {},
    ) => {
      if (!batch || batch.count === 0) return;
      const pixels = size * ratio;
      gl.useProgram(program.program);
      gl.uniformMatrix4fv(program.uniforms.u_matrix!, false, relativeTo(matrix, world, origin));
      gl.uniform1f(program.uniforms.u_size!, pixels);
      gl.uniform2f(program.uniforms.u_grid!, ATLAS_GRID.columns, ATLAS_GRID.rows);
      gl.uniform1i(program.uniforms.u_atlas!, 0);
      gl.uniform1f(program.uniforms.u_lod!, Math.max(0, Math.floor(Math.log2(CELL_PIXELS / pixels))));
      gl.uniform2f(program.uniforms.u_viewport!, width, height);
      const { arrowCell, shift = 0 } = options;
      if (arrowCell === undefined) {
        gl.uniform2f(program.uniforms.u_shift!, shift * ratio, shift * ratio);
      } else {
        gl.uniform2f(
          program.uniforms.u_cell!,
          arrowCell % ATLAS_GRID.columns,
          Math.floor(arrowCell / ATLAS_GRID.columns),
        );
        gl.uniform1f(program.uniforms.u_offset!, this.size * ARROW_OFFSET * ratio);
      }
      gl.bindVertexArray(batch.vao);
      gl.drawArrays(gl.POINTS, 0, batch.count);
    };
    draw(this.arrowProgram, this.arrows, this.size * ARROW_SCALE, this.origin, { arrowCell: ARROW_CELL });
    draw(this.icons, this.things, this.size, this.origin);
    draw(this.icons, this.halos, this.size * HALO_SCALE, this.highlightOrigin);
    draw(this.icons, this.highlights, this.size * HIGHLIGHT_SCALE, this.highlightOrigin);
    draw(this.icons, this.badges, badgeSize(this.size), this.badgeOrigin, { shift: badgeShift(this.size) });
    gl.bindVertexArray(null);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }
}

/**
 * How far (in clip units) the view moved since the cache was drawn, when the cache can show it:
 * drawn for the same sprites and view size, the camera moved only sideways and by less than the
 * margin. Else null: the sprites must be drawn again.
 */
export function cacheShift(
  cache: Pick<SpriteCache, 'valid' | 'matrix' | 'viewWidth' | 'viewHeight' | 'width' | 'height'> | null,
  matrix: ArrayLike<number>,
  width: number,
  height: number,
): [number, number] | null {
  if (!cache?.valid || cache.viewWidth !== width || cache.viewHeight !== height) return null;
  if (!isFlat(matrix)) return null;
  // The x and y rows for x and y (scale and bearing); the z terms only place depth. Compared
  // relative to the scale, so a term that is zero at one bearing and rounding noise at the next
  // does not count as a turn.
  const w = matrix[15]!;
  const cachedW = cache.matrix[15]!;
  const linear = [0, 1, 4, 5];
  const scale = linear.reduce((sum, i) => sum + Math.abs(cache.matrix[i]! / cachedW), 0);
  if (linear.some((i) => Math.abs(matrix[i]! / w - cache.matrix[i]! / cachedW) > 1e-9 * scale)) return null;
  // Clip space is an affine map of world pixels here (isFlat), so a sideways move shifts every
  // point by the same amount: the change in the translation column.
  const dx = matrix[12]! / w - cache.matrix[12]! / cachedW;
  const dy = matrix[13]! / w - cache.matrix[13]! / cachedW;
  const fitsX = Math.abs(dx) * width <= cache.width - width;
  const fitsY = Math.abs(dy) * height <= cache.height - height;
  return fitsX && fitsY ? [dx, dy] : null;
}

/** No pitch: clip space is an affine map of the map plane (w does not vary across it). */
function isFlat(matrix: ArrayLike<number>): boolean {
  const w = Math.abs(matrix[15]!);
  return Math.abs(matrix[3]!) <= 1e-12 * w && Math.abs(matrix[7]!) <= 1e-12 * w;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(`Asset layer shader: ${gl.getShaderInfoLog(shader)}`);
  }
  return shader;
}

function link(
  gl: WebGL2RenderingContext,
  vertex: string,
  fragment: string,
  uniforms: string[],
  attributes: string[],
): Program {
  const program = gl.createProgram();
  const shaders = [compile(gl, gl.VERTEX_SHADER, vertex), compile(gl, gl.FRAGMENT_SHADER, fragment)];
  shaders.forEach((shader) => gl.attachShader(program, shader));
  gl.linkProgram(program);
  shaders.forEach((shader) => gl.deleteShader(shader));
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error(`Asset layer program: ${gl.getProgramInfoLog(program)}`);
  }
  return {
    program,
    uniforms: Object.fromEntries(uniforms.map((name) => [name, gl.getUniformLocation(program, name)])),
    attributes: Object.fromEntries(attributes.map((name) => [name, gl.getAttribLocation(program, name)])),
  };
}

interface Column {
  name: string;
  data: Float32Array | Uint8Array;
  size: number;
  type: number;
  normalized?: boolean;
}

/** Writes the columns into the batch's buffers (created on first use), one vertex per asset. */
function upload(
  gl: WebGL2RenderingContext,
  batch: Batch | null,
  program: Program,
  count: number,
  columns: Column[],
): Batch {
  const current = batch ?? {
    vao: gl.createVertexArray(),
    buffers: columns.map(() => gl.createBuffer()),
    count: 0,
  };
  gl.bindVertexArray(current.vao);
  columns.forEach((column, i) => {
    const location = program.attributes[column.name]!;
    gl.bindBuffer(gl.ARRAY_BUFFER, current.buffers[i]!);
    gl.bufferData(gl.ARRAY_BUFFER, column.data, gl.DYNAMIC_DRAW);
    if (location < 0) return;
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, column.size, column.type, column.normalized ?? false, 0, 0);
  });
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  current.count = count;
  return current;
}

function free(gl: WebGL2RenderingContext, batch: Batch): void {
  gl.deleteVertexArray(batch.vao);
  batch.buffers.forEach((buffer) => gl.deleteBuffer(buffer));
}

/** The middle of the positions' extent in Mercator units (lng, lat, 0 triples in). */
function centreOf(positions: Float64Array, count: number): [number, number] {
  if (count === 0) return [0.5, 0.5];
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (let i = 0; i < count; i++) {
    const lng = positions[i * 3]!;
    const lat = positions[i * 3 + 1]!;
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return mercatorOf((west + east) / 2, (south + north) / 2);
}

/** Mercator x, y relative to `origin`, computed in double precision and stored in single. */
function toMercator(positions: Float64Array, count: number, origin: [number, number]): Float32Array {
  const out = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const [x, y] = mercatorOf(positions[i * 3]!, positions[i * 3 + 1]!);
    out[i * 2] = x - origin[0];
    out[i * 2 + 1] = y - origin[1];
  }
  return out;
}

/**
 * MapLibre's matrix takes world pixels (the world is `worldSize` wide); ours takes Mercator units
 * relative to `origin`: M x S(worldSize) x T(origin), in double precision, uploaded as floats.
 */
function relativeTo(matrix: ArrayLike<number>, worldSize: number, origin: [number, number]): Float32Array {
  const out = Float32Array.from(matrix);
  for (let row = 0; row < 4; row++) {
    out[row] = matrix[row]! * worldSize;
    out[4 + row] = matrix[4 + row]! * worldSize;
    out[12 + row] =
      matrix[row]! * worldSize * origin[0] + matrix[4 + row]! * worldSize * origin[1] + matrix[12 + row]!;
  }
  return out;
}
