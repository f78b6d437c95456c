/** Finds the browser once per run, says which, and hands it to every test file (or fails the run at once). */
import type { TestProject } from 'vitest/node';
import { findChromium, type FoundChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: FoundChromium;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const found = await findChromium();
  console.log(`Browser tests drive ${found.description}`);
  project.provide('chromium', found);
}
