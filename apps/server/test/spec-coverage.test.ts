/**
 * docs/spec-coverage.md stays true: every route its API tables name is registered (a route dropped or
 * renamed fails here until the document says so), and its summary adds up to the item tables.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const document = readFileSync(new URL('../../../docs/spec-coverage.md', import.meta.url), 'utf8');
const sectionOf = (heading: string, next: string) =>
  document.slice(document.indexOf(`## ${heading}`), document.indexOf(`## ${next}`));
/** A table row's cells (a `\|` inside a cell is text, not a border). */
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The method and path of each route named in the API tables' "Flare route" cells: `POST /api/users/
 * and /api/users`, `GET /api/organization/hazards, POST /api/hazards`, `GET /cable (WebSocket…)`.
 */
function namedRoutes(): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const row of sectionOf('API calls', 'Items').split('\n')) {
    if (!row.startsWith('|')) continue;
    const cell = cellsOf(row).find((text) => /^`[A-Z]+ \/(api|cable)/.test(text));
    if (!cell) continue;
    for (const call of cell
      .replace(/`/g, '')
      .replace(/\([^)]*\)/g, '')
      .split(', ')) {
      const [method, ...rest] = call.trim().split(' ');
      for (const url of rest.join(' ').split(' and ')) routes.push({ method: method!, url: url.trim() });
    }
  }
  return routes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/spec-coverage.md', () => {
  it('names only routes the server registers', () => {
    const routes = namedRoutes();
    // The 49 calls the spec names, with the second spellings and the calls it names without a path.
    expect(routes.length).toBeGreaterThanOrEqual(55);
    const missing = routes.filter((route) => !t.app.hasRoute(route as Parameters<typeof t.app.hasRoute>[0]));
    expect(missing).toEqual([]);
  });

  it('has a summary that adds up to the item tables', () => {
    const statuses = { DONE: 0, PARTIAL: 0, MISSING: 0 };
    for (const row of document.slice(document.indexOf('## Items')).split('\n')) {
      if (!/^\| S\d-\d+ \|/.test(row)) continue;
      const status = cellsOf(row)[2]!.replace(/\*/g, '') as keyof typeof statuses;
      expect(Object.keys(statuses)).toContain(status);
      statuses[status] += 1;
    }
    const total = cellsOf(document.split('\n').find((line) => line.startsWith('| **All three** |'))!);
    expect(total.slice(2).map((cell) => Number(cell.replace(/\*/g, '')))).toEqual([
      statuses.DONE,
      statuses.PARTIAL,
      statuses.MISSING,
      statuses.DONE + statuses.PARTIAL + statuses.MISSING,
    ]);
  });
});
