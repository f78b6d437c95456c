/**
 * The live map and the assets list in headless Chromium (software WebGL, the flags of STACK.md; the
 * browser is found as for the browser tests, e2e/support/chromium.ts):
 * - frames per second and the longest frame while N assets (1,000, 10,000, 50,000) all move every
 *   second, once with the camera still and once panning every frame: the app's ThingsLayer
 *   against the baseline of one maplibregl.Marker element per asset, in the same run, on the same
 *   store and updates, with the empty map's own figures for the machine's ceiling;
 * - the same 10,000 assets drawn by deck.gl's IconLayer through the app's DeckOverlay, interleaved
 *   and on its own canvas (the comparison behind the layer's design);
 * - the longest frame while scrolling the virtualised list of 50,000 assets, against the same
 *   scroll over an empty scroller (the browser's own frame pacing);
 * - the gzip size of the JavaScript the sign-in page loads, against all of the app's JavaScript,
 *   and whether the map code (maplibre-gl, deck.gl) stays out of it.
 * The harness page (map/harness) is built with Vite from the app's own modules and served locally.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { findChromium, launchOptions } from '@flare/e2e/support/chromium';
import { buildWebChunks, BUNDLE_BUDGETS_KB, initialJavaScript, kB } from '@flare/web/bundle-size';

const repo = path.resolve(import.meta.dirname, '..');
const webConfig = path.join(repo, 'apps/web/vite.config.ts');
const MAP_SECONDS = 8;
const MARKERS_TIMEOUT_MS = 90_000;
const LIST_SECONDS = 5;
const LIST_ROWS = 50_000;
const COUNTS = [1_000, 10_000, 50_000];
/**
 * Still: the camera stays put while the assets move (the screen left open all day). Panning: the
 * camera moves every frame, as while a user drags, so every frame is drawn again.
 */
const CAMERAS = [
  { name: 'camera still', pan: 0 },
  { name: 'camera panning', pan: 1 },
];

export interface BenchResult {
  name: string;
  ratio: number;
  detail: string;
}

interface FrameStats {
  /** No result in time: `fps` is then an upper bound (one frame in the time allowed). */
  timedOut?: boolean;
  fps: number;
  worstFrameMs: number;
  p95FrameMs: number;
  frames: number;
  setupMs?: number;
  feedUpdateMs?: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

export function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file.endsWith('/') ? path.join(file, 'index.html') : file);
      const type =
        CONTENT_TYPES[path.extname(file)] ?? (file.endsWith('/') ? 'text/html' : 'application/octet-stream');
      response.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
      });
    }),
  );
}

export async function runScenario(
  browser: Browser,
  url: string,
  query: Record<string, string | number>,
  timeoutMs: number,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    await page.goto(`${url}?${search.toString()}`);
    // Polled once a second, so the check itself costs the page no frames.
    await page.waitForFunction('window.__benchResult || window.__benchError', undefined, {
      timeout: timeoutMs,
      polling: 1000,
    });
    const error = await page.evaluate<string | undefined>('window.__benchError');
    if (error) throw new Error(`${JSON.stringify(query)}: ${error}`);
    return await page.evaluate<FrameStats>('window.__benchResult');
  } catch (error) {
    if (errors.length > 0) throw new Error(`${String(error)}\npage errors: ${errors.join('\n')}`);
    throw error;
  } finally {
    await context.close();
  }
}

const n = (value: number) => value.toLocaleString('en-US');
const ms = (value?: number) => (value === undefined ? 'n/a' : `${value.toFixed(0)} ms`);
const frames = (s: FrameStats) =>
  s.timedOut
    ? `no result within ${s.worstFrameMs / 1000} s (under ${s.fps.toFixed(3)} fps)`
    : `${s.fps.toFixed(1)} fps, worst frame ${s.worstFrameMs.toFixed(0)} ms`;

const MAP_MODULE = /[\\/]node_modules[\\/](maplibre-gl|@deck\.gl|@luma\.gl)[\\/]/;

/**
 * The sign-in page's JavaScript and the dashboard shell's (each with its static imports, lazily loaded
 * chunks excluded) against all of the app's, and whether the map code stays out of them; with the
 * budgets `scripts/bundle-size.test.ts` holds every build to.
 */
async function initialBundles(): Promise<BenchResult[]> {
  const chunks = await buildWebChunks();
  const initial = initialJavaScript(chunks);
  const mapChunks = chunks.filter((c) => c.moduleIds.some((id) => MAP_MODULE.test(id)));
  const mapInInitial = mapChunks.filter((c) => initial.dashboard.files.includes(c.fileName));
  const mapNote =
    mapInInitial.length > 0
      ? `MAP CODE IN THE SHELL'S FIRST LOAD: ${mapInInitial.map((c) => c.fileName).join(', ')}`
      : `map code split out: ${mapChunks.length} lazy chunk(s)`;
  const figure = (name: string, { files, bytes }: { files: string[]; bytes: number }, budget: number) => ({
    name: `${name} JavaScript (gzip) vs all of the app’s JavaScript`,
    ratio: bytes / initial.allBytes,
    detail: `${kB(bytes).toFixed(0)} kB in ${files.length} chunk(s) of ${kB(initial.allBytes).toFixed(0)} kB (budget ${budget} kB: ${kB(bytes) <= budget ? 'within' : 'OVER'}); ${mapNote}`,
  });
  return [
    figure('sign-in page', initial.signIn, BUNDLE_BUDGETS_KB.signIn),
    figure("dashboard shell's first paint", initial.dashboard, BUNDLE_BUDGETS_KB.dashboard),
  ];
}

/** Builds the harness page from the app's own modules, with the app's Vite config. */
export async function buildHarness(outDir: string): Promise<void> {
  await build({
    configFile: webConfig,
    root: path.join(import.meta.dirname, 'map/harness'),
    base: './',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 100_000 },
  });
}

/** The browser the browser tests would drive (CHROMIUM_PATH, a system one, or npm's), with the STACK.md flags. */
export async function launchChromium(): Promise<Browser> {
  const found = await findChromium();
  console.log(`Map benchmarks drive ${found.description}`);
  return chromium.launch(launchOptions(found));
}

export async function benchMap(): Promise<BenchResult[]> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'flare-map-bench-'));
  const results: BenchResult[] = [];
  let browser: Browser | null = null;
  let server: Server | null = null;
  try {
    await buildHarness(outDir);
    const served = await serve(outDir);
    server = served.server;
    browser = await launchChromium();
    const timeout = (count: number) => 60_000 + count * 3;
    const layer = new Map<number, FrameStats>();

    const run = (query: Record<string, string | number>, count: number) =>
      runScenario(browser!, served.url, { seconds: MAP_SECONDS, n: count, ...query }, timeout(count));
    /**
     * The DOM markers may not finish at all at 50,000 (each second's update outlasts the second):
     * after MARKERS_TIMEOUT_MS they count as at most one frame in that time.
     */
    const runBounded = async (query: Record<string, string | number>, count: number) => {
      try {
        return await runScenario(
          browser!,
          served.url,
          { seconds: MAP_SECONDS, n: count, ...query },
          MARKERS_TIMEOUT_MS,
        );
      } catch (error) {
        if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
        const bound = 1000 / MARKERS_TIMEOUT_MS;
        return {
          timedOut: true,
          fps: bound,
          worstFrameMs: MARKERS_TIMEOUT_MS,
          p95FrameMs: MARKERS_TIMEOUT_MS,
          frames: 0,
        };
      }
    };
    // The map alone: the ceiling of this machine at this moment (software WebGL).
    for (const camera of CAMERAS) {
      const empty = await run({ scenario: 'layer', pan: camera.pan }, 0);
      for (const count of COUNTS) {
        const ours = await run({ scenario: 'layer', pan: camera.pan }, count);
        const base = await runBounded({ scenario: 'markers', pan: camera.pan }, count);
        if (camera.pan === 1) layer.set(count, ours);
        const target =
          count === 10_000
            ? `; target ≥ 30 fps and ≥ 10x: ${ours.fps >= 30 && ours.fps >= 10 * base.fps ? 'met' : 'NOT MET'}`
            : '';
        results.push({
          name: `live map, ${n(count)} assets moving every second, ${camera.name}: ThingsLayer fps vs one DOM marker per asset`,
          // Against a timed-out baseline the ratio is a lower bound.
          ratio: ours.fps / Math.max(base.fps, 0.001),
          detail: `${base.timedOut ? 'at least this ratio: ' : ''}ThingsLayer ${frames(ours)} (p95 ${ours.p95FrameMs.toFixed(0)} ms, set-up ${ms(ours.setupMs)}, feed update ${ms(ours.feedUpdateMs)}); markers ${frames(base)} (set-up ${ms(base.setupMs)}, feed update ${ms(base.feedUpdateMs)}); the empty map ${frames(empty)}, ThingsLayer at ${(ours.fps / empty.fps).toFixed(2)}x its rate${target}`,
        });
      }
    }
    const deck = await run({ scenario: 'deck' }, 10_000);
    const deckOwnCanvas = await run({ scenario: 'deck', interleaved: 0 }, 10_000);
    const ours = layer.get(10_000)!;
    results.push({
      name: 'live map, 10,000 assets: ThingsLayer (point sprites in MapLibre) fps vs deck.gl IconLayer, same data',
      ratio: ours.fps / Math.max(deck.fps, 0.01),
      detail: `ThingsLayer ${frames(ours)}; deck.gl interleaved ${frames(deck)}; deck.gl on its own canvas ${frames(deckOwnCanvas)} (${(deckOwnCanvas.fps / Math.max(deck.fps, 0.01)).toFixed(2)}x interleaved)`,
    });

    const list = await runScenario(
      browser,
      served.url,
      { scenario: 'list', n: LIST_ROWS, seconds: LIST_SECONDS },
      60_000,
    );
    const emptyList = await runScenario(
      browser,
      served.url,
      { scenario: 'list', n: LIST_ROWS, seconds: LIST_SECONDS, empty: 1 },
      60_000,
    );
    results.push({
      name: `assets list, ${n(LIST_ROWS)} rows scrolled: worst frame vs an empty scroller`,
      ratio: list.worstFrameMs / Math.max(emptyList.worstFrameMs, 1),
      detail: `list worst frame ${list.worstFrameMs.toFixed(0)} ms (p95 ${list.p95FrameMs.toFixed(0)} ms, ${list.fps.toFixed(0)} fps); empty scroller worst ${emptyList.worstFrameMs.toFixed(0)} ms; target no frame over 50 ms: ${list.worstFrameMs <= 50 ? 'met' : 'NOT MET'}`,
    });
  } finally {
    await browser?.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  results.push(...(await initialBundles()));
  return results;
}
