/**
 * The JavaScript a browser loads before the sign-in page, and before the dashboard shell, is usable
 * stays within its budget (apps/web/bundle-size.ts): a size, checked on a fresh build of the app.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildWebChunks,
  BUNDLE_BUDGETS_KB,
  initialJavaScript,
  kB,
  type InitialJavaScript,
} from '../apps/web/bundle-size';

let initial: InitialJavaScript;
// A build takes seconds, more on a loaded machine.
beforeAll(async () => {
  initial = initialJavaScript(await buildWebChunks());
}, 180_000);

describe('the web app loads little before it is usable', () => {
  it(`the sign-in page: at most ${BUNDLE_BUDGETS_KB.signIn} kB of gzipped JavaScript`, () => {
    expect(kB(initial.signIn.bytes)).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB.signIn);
  });

  it(`the dashboard shell: at most ${BUNDLE_BUDGETS_KB.dashboard} kB`, () => {
    expect(kB(initial.dashboard.bytes)).toBeLessThanOrEqual(BUNDLE_BUDGETS_KB.dashboard);
  });

  it('keeps the map and the dashboard out of the sign-in page', () => {
    const signIn = new Set(initial.signIn.files);
    expect(initial.dashboard.files.filter((file) => !signIn.has(file)).length).toBeGreaterThan(0);
    expect(initial.signIn.files.join(' ')).not.toMatch(/maplibre|deck/);
  });
});
