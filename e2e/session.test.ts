/**
 * The session and the shell over time: the access token is refreshed 10 s before it expires (driven
 * by the page clock), a revoked session signs out at the next call, and a server restart shows the
 * offline banner and, with a new build, the blocking new-version notice and a reload.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import { signInAs } from './support/sign-in';
import { openBrowser, type Browser } from './support/browser';
import { freshDataDir, startServer, type RunningServer } from './support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const signIn = (page: Page, url: string) =>
  signInAs(page, url, 'admin@springfield-pd.test', '**/dashboard/things');

const storedAuth = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('flare.auth') ?? 'null') as {
        token: string;
        refreshToken: string;
        expiresAt: number;
      } | null,
  );

describe('session', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { ACCESS_TOKEN_TTL: '60' } });
  });
  afterAll(() => server?.stop());

  it('refreshes the access token 10 s before it expires', async () => {
    const page = await browser.newPage();
    try {
      await page.clock.install();
      await signIn(page, server.url);
      const first = (await storedAuth(page))!;
      expect(first.expiresAt - Date.now()).toBeGreaterThan(50_000);
      await page.clock.runFor(45_000);
      expect((await storedAuth(page))!.token).toBe(first.token);
      await page.clock.runFor(6_000);
      await expect
        .poll(async () => (await storedAuth(page))?.refreshToken, { timeout: 10_000 })
        .not.toBe(first.refreshToken);
      expect(page.url()).toContain('/dashboard/things');
    } finally {
      await page.close();
    }
  });

  it('signs out when a call answers 401 (the session was revoked elsewhere)', async () => {
    const page = await browser.newPage();
    try {
      await signIn(page, server.url);
      const { refreshToken } = (await storedAuth(page))!;
      const revoke = await fetch(`${server.url}/api/revoke_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: refreshToken }),
      });
      expect(await revoke.json()).toEqual({ revoked: true });
      await page.reload();
      await page.waitForURL('**/welcome/signin');
      await page.getByText(MESSAGES.sessionExpired).waitFor();
      expect(await storedAuth(page)).toBeNull();
    } finally {
      await page.close();
    }
  });
});

describe('server restarts', () => {
  it('shows the offline banner while the server is down, then the new-version notice and a reload', async () => {
    const dataDir = freshDataDir();
    const webDist = mkdtempSync(path.join(tmpdir(), 'flare-e2e-web-'));
    cpSync(path.resolve(import.meta.dirname, '../apps/web/dist'), webDist, { recursive: true });
    let server = await startServer({ dataDir, env: { WEB_DIST: webDist } });
    // The restart takes the same port: the page reconnects to the address it was loaded from.
    const port = Number(new URL(server.url).port);
    const page = await browser.newPage({
      timings: { versionFirstCheckMs: 200, versionPollMs: 500, versionReloadMs: 2500 },
    });
    try {
      // The page learns the version it runs from its first check.
      const firstCheck = page.waitForResponse((response) => response.url().endsWith('/api/version'));
      await signIn(page, server.url);
      await firstCheck;
      await server.stop();
      await page.getByText(MESSAGES.offlineBanner).waitFor({ timeout: 10_000 });

      // The same server comes back with a new build of the web app: a new version.
      const index = path.join(webDist, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', '<!-- new build --></head>'));
      server = await startServer({ dataDir, port, env: { WEB_DIST: webDist } });
      await page.getByText(MESSAGES.newVersion).waitFor({ timeout: 10_000 });
      await page.waitForEvent('load', { timeout: 10_000 });
      await page.getByRole('navigation', { name: 'Sections' }).waitFor();
      expect(await page.getByText(MESSAGES.offlineBanner).count()).toBe(0);
    } finally {
      await page.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
