/**
 * Every migration, found in the modules' `migrations` folders and named by its file: a timestamp
 * first, so they run in the order written whichever module holds them. Landed migrations are never
 * edited: add a new file to the module's folder instead.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

const MODULES = path.resolve(import.meta.dirname, '../../modules');
const MIGRATION_FILE = /^(\d{12}_[a-z0-9_]+)\.ts$/;

let found: Promise<Record<string, Migration>> | undefined;

export function findMigrations(): Promise<Record<string, Migration>> {
  found ??= load();
  return found;
}

async function load(): Promise<Record<string, Migration>> {
  const files = readdirSync(MODULES).flatMap((module) => {
    const folder = path.join(MODULES, module, 'migrations');
    if (!existsSync(folder)) return [];
    return readdirSync(folder).flatMap((file) => {
      const name = MIGRATION_FILE.exec(file)?.[1];
      return name ? [{ name, file: path.join(folder, file) }] : [];
    });
  });
  const migrations: Record<string, Migration> = {};
  for (const { name, file } of files.sort((a, b) => a.name.localeCompare(b.name))) {
    if (migrations[name]) throw new Error(`Two migrations are named ${name}`);
    migrations[name] = (await import(pathToFileURL(file).href)) as Migration;
  }
  return migrations;
}
