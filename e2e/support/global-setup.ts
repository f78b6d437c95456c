/**
 * Once per run: finds the browser, says which, and hands it to every test file (or fails the run at
 * once); and builds the seeded data folder each test's server starts from a copy of (support/server.ts).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { findChromium, type FoundChromium } from './chromium';
import { seedDataDir } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: FoundChromium;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const [found, seeded] = await Promise.all([findChromium(), seedDataDir()]);
  console.log(`Browser tests drive ${found.description}`);
  project.provide('chromium', found);
  project.provide('seededDataDir', seeded);
  return () => rmSync(seeded, { recursive: true, force: true });
}
