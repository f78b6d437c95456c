/**
 * Once per run of the server tests on the embedded database: a dump of one PGlite migrated and seeded
 * as every test app's is, which each test app then starts from (test-app.ts) instead of creating an
 * empty database and building it again (about two seconds of CPU each).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../src/app';
import { openDatabase } from '../src/platform/db/database';
import { TEST_PASSWORD } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the seeded PGlite dump (absent: each test app builds its own database). */
    seededPgliteDump?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'flare-test-seeded-'));
  const pgliteDir = path.join(folder, 'pgdata');
  const opened = await openDatabase({ pgliteDir });
  await prepareDatabase(opened.db, { seedDemo: true, demoPassword: TEST_PASSWORD });
  await opened.db.destroy();
  const client = await PGlite.create(pgliteDir);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'seeded.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('seededPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
