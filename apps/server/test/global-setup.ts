/**
 * Once per run of the server tests: one database migrated and seeded as every test app's is, which
 * each test app and server process then starts from (test-app.ts) instead of building an empty one
 * again (seconds of CPU each). On the embedded database a PGlite dump and a data folder; on PostgreSQL
 * (TEST_DATABASE_URL) a template database each test's database is created from.
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seedDatabase, seedPglite } from './seeded-database';
import { freshPostgresDatabase, TEST_PASSWORD } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the seeded PGlite dump (absent: each test app builds its own database). */
    seededPgliteDump?: string;
    /** A data folder holding the seeded PGlite database on disk, for server processes to copy. */
    seededDataDir?: string;
    /** The seeded PostgreSQL database test apps' databases copy (absent: each builds its own). */
    seededPostgresTemplate?: string;
  }
}

export default function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const postgresUrl = project.config.env.TEST_DATABASE_URL;
  return postgresUrl ? seedPostgresTemplate(project, postgresUrl) : seedPgliteDump(project);
}

async function seedPgliteDump(project: TestProject): Promise<() => void> {
  const seeded = await seedPglite(TEST_PASSWORD);
  project.provide('seededPgliteDump', seeded.dump);
  project.provide('seededDataDir', seeded.dataDir);
  return () => rmSync(seeded.folder, { recursive: true, force: true });
}

async function seedPostgresTemplate(project: TestProject, baseUrl: string): Promise<() => Promise<void>> {
  const template = await freshPostgresDatabase(baseUrl);
  await seedDatabase({ url: template.url }, TEST_PASSWORD);
  project.provide('seededPostgresTemplate', template.name);
  return template.drop;
}
