/**
 * Once per run of the server tests: one database migrated and seeded as every test app's is, which
 * each test app then starts from (test-app.ts) instead of building an empty one again (seconds of CPU
 * each). On the embedded database a PGlite dump; on PostgreSQL (TEST_DATABASE_URL) a template database
 * each test app's database is created from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../src/app';
import { openDatabase, type DatabaseTarget } from '../src/platform/db/database';
import { freshPostgresDatabase, TEST_PASSWORD } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the seeded PGlite dump (absent: each test app builds its own database). */
    seededPgliteDump?: string;
    /** The seeded PostgreSQL database test apps' databases copy (absent: each builds its own). */
    seededPostgresTemplate?: string;
  }
}

export default function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const postgresUrl = project.config.env.TEST_DATABASE_URL;
  return postgresUrl ? seedPostgresTemplate(project, postgresUrl) : seedPgliteDump(project);
}

async function seed(target: DatabaseTarget): Promise<void> {
  const opened = await openDatabase(target);
  await prepareDatabase(opened.db, { seedDemo: true, demoPassword: TEST_PASSWORD });
  await opened.db.destroy();
}

async function seedPgliteDump(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'flare-test-seeded-'));
  const pgliteDir = path.join(folder, 'pgdata');
  await seed({ pgliteDir });
  const client = await PGlite.create(pgliteDir);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'seeded.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('seededPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function seedPostgresTemplate(project: TestProject, baseUrl: string): Promise<() => Promise<void>> {
  const template = await freshPostgresDatabase(baseUrl);
  await seed({ url: template.url });
  project.provide('seededPostgresTemplate', template.name);
  return template.drop;
}
