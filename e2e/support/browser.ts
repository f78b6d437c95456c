/** Debian chromium driven by playwright-core, and the accessibility check every visited screen must pass. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser as PlaywrightBrowser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  browser: PlaywrightBrowser;
  /** A page in a context of its own (fresh storage); closing the page closes its context. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
