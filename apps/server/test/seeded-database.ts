/**
 * The demo database as a server's first start leaves it (migrated and seeded), built once per test
 * run so that each test's server starts from it instead of building its own (seconds of CPU each):
 * on disk in a data folder (`<dataDir>/pgdata`, what DATA_DIR names), and as a PGlite dump.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { prepareDatabase } from '../src/app';
import { openDatabase, type DatabaseTarget } from '../src/platform/db/database';

export interface SeededPglite {
  /** Holds both; delete it when done. */
  folder: string;
  dataDir: string;
  /** The file of the dump. */
  dump: string;
}

export async function seedDatabase(target: DatabaseTarget, demoPassword: string): Promise<void> {
  const opened = await openDatabase(target);
  await prepareDatabase(opened.db, { seedDemo: true, demoPassword });
  await opened.db.destroy();
}

export async function seedPglite(demoPassword: string): Promise<SeededPglite> {
  const folder = mkdtempSync(path.join(tmpdir(), 'flare-seeded-'));
  const dataDir = path.join(folder, 'data');
  const pgliteDir = path.join(dataDir, 'pgdata');
  await seedDatabase({ pgliteDir }, demoPassword);
  const client = await PGlite.create(pgliteDir);
  const dump = path.join(folder, 'seeded.tar');
  writeFileSync(dump, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return { folder, dataDir, dump };
}
