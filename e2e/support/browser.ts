/** Headless Chromium driven by playwright-core, and the accessibility check every visited screen must pass. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser as PlaywrightBrowser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, findChromium, launchOptions, type FoundChromium } from './chromium';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The browser of this run, found once by support/global-setup.ts (found here when run without it). */
function testChromium(): FoundChromium | Promise<FoundChromium> {
  return inject('chromium') ?? findChromium();
}

/** Launches the browser of this run, headless, with the flags of STACK.md unless others are given. */
export async function launchChromium(args: string[] = CHROMIUM_FLAGS): Promise<PlaywrightBrowser> {
  return chromium.launch(launchOptions(await testChromium(), args));
}

export interface Browser {
  browser: PlaywrightBrowser;
  /** A page in a context of its own (fresh storage); closing the page closes its context. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  return {
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // The browser may already be closing; a context it closed needs no closing.
      page.once('close', () => {
        context.close().catch(() => undefined);
      });
      return page;
    },
    close: () => browser.close(),
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
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
