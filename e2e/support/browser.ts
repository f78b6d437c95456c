/**
 * Headless Chromium driven by playwright-core, and the checks every visited screen must pass: no
 * serious accessibility violation, and nothing the server's Content-Security-Policy refused.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  chromium,
  type Browser as PlaywrightBrowser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, findChromium, launchOptions, type FoundChromium } from './chromium';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The browser of this run, found once by support/global-setup.ts (found here when run without it). */
function testChromium(): FoundChromium | Promise<FoundChromium> {
  return inject('chromium') ?? findChromium();
}

/**
 * Launches the browser of this run, headless, with the flags of STACK.md unless others are given.
 * E2E_HEADED=1 shows its windows instead, to watch a test (a system Chromium or Chrome and a display:
 * the npm Chromium is headless only), each action slowed by E2E_SLOW_MO milliseconds if set.
 */
export async function launchChromium(args: string[] = CHROMIUM_FLAGS): Promise<PlaywrightBrowser> {
  return chromium.launch({
    ...launchOptions(await testChromium(), args),
    ...(process.env.E2E_HEADED === '1' ? { headless: false } : {}),
    slowMo: Number(process.env.E2E_SLOW_MO ?? 0),
  });
}

/** What the app shows of its map in a test page (the page's test hooks: apps/web/src/config/test-hooks.ts). */
export type TestMapKind =
  /** No map at all: most tests never look at it, and a map costs seconds of CPU in software WebGL. */
  | 'none'
  /** The map and every layer over a plain background. */
  | 'blank'
  /** The map on the server's basemap (the bundled offline one: seconds more per page load). */
  | 'basemap';

export interface PageOptions extends BrowserContextOptions {
  /** A phone's touch screen: touch events, a coarse pointer, the page's mobile viewport. */
  touch?: boolean;
  /** Default 'none'. */
  map?: TestMapKind;
  /** Shorter timings than the spec's (apps/web/src/config/timings.ts). */
  timings?: Record<string, number>;
  /** Playwright's clock, running as the real one until the test moves it (support/clock.ts). */
  clock?: boolean;
}

export interface Browser {
  browser: PlaywrightBrowser;
  /**
   * A context of its own (fresh storage), 1280×800 unless told, with motion reduced (no map flights,
   * no transitions: a test waits for what they lead to, not for them), recording CSP violations.
   */
  newContext(options?: PageOptions): Promise<BrowserContext>;
  /** A page in a context of its own; closing the page closes its context. */
  newPage(options?: PageOptions): Promise<Page>;
  /** Closes the contexts this file opened (the worker's Chromium stays for its next file). */
  close(): Promise<void>;
}

/**
 * One Chromium per test worker, shared by the files it runs (each file's pages in contexts of their
 * own, closed with the file): a launch costs about 1.5 s, paid once instead of by every file.
 * Playwright ends it when the worker exits.
 */
let workerChromium: Promise<PlaywrightBrowser> | undefined;

function sharedChromium(): Promise<PlaywrightBrowser> {
  workerChromium ??= launchChromium().then((browser) => {
    browser.once('disconnected', () => (workerChromium = undefined));
    return browser;
  });
  return workerChromium;
}

export async function openBrowser(): Promise<Browser> {
  const browser = await sharedChromium();
  const contexts = new Set<BrowserContext>();
  const newContext = async ({
    touch = false,
    map = 'none',
    timings,
    clock,
    ...options
  }: PageOptions = {}) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: touch,
      isMobile: touch,
      reducedMotion: 'reduce',
      ...options,
    });
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    await context.addInitScript(recordCspViolations);
    if (clock) await context.clock.install();
    const hooks = { map: map === 'basemap' ? undefined : map, timings };
    await context.addInitScript((value) => {
      (window as Window & { __FLARE_TEST__?: object }).__FLARE_TEST__ = value;
    }, hooks);
    return context;
  };
  return {
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      const page = await context.newPage();
      // The file may already be closing its contexts; a context closed needs no closing.
      page.once('close', () => {
        context.close().catch(() => undefined);
      });
      return page;
    },
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** In every page: keeps what the Content-Security-Policy refused, for expectAccessible to report. */
export function recordCspViolations(): void {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push(
      `${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
    ),
  );
}

/** Fails on what the page's Content-Security-Policy refused so far. */
export async function expectNoCspViolations(page: Page): Promise<void> {
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
  );
  if (violations.length > 0)
    throw new Error(`Content-Security-Policy violations on ${page.url()}:\n${violations.join('\n')}`);
}

/** Fails on serious or critical accessibility violations of the page as it is now, or CSP violations. */
export async function expectAccessible(page: Page): Promise<void> {
  await expectNoCspViolations(page);
  // Checked once settled: a dialog still fading in has, for a moment, text of too little contrast.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Evaluated rather than added as a script tag: the page's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document)).violations;
  });
  const blocking = (violations as AxeViolation[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  if (blocking.length > 0) {
    const details = blocking.map(
      (v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    throw new Error(`Accessibility violations on ${page.url()}:\n${details.join('\n')}`);
  }
}
