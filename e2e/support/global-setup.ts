/**
 * Once per run: finds the browser, says which, and hands it to every test file (or fails the run at
 * once); and migrates and seeds the demo database every test's server starts from (support/server.ts).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedPglite } from '@flare/server/test/seeded-database';
import { findChromium, type FoundChromium } from './chromium';
import { DEMO_PASSWORD } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: FoundChromium;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const [found, seeded] = await Promise.all([findChromium(), seedPglite(DEMO_PASSWORD)]);
  console.log(`Browser tests drive ${found.description}`);
  project.provide('chromium', found);
  project.provide('seededDataDir', seeded.dataDir);
  project.provide('seededDump', seeded.dump);
  return () => rmSync(seeded.folder, { recursive: true, force: true });
}
