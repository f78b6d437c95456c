/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { loadConfig } from '../../config';
import { migrateToLatest, openDatabase } from './database';

const config = loadConfig();
const { db, engine } = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` });
const { results } = await migrateToLatest(db);
for (const result of results ?? []) console.log(`${result.status}: ${result.migrationName}`);
console.log(`${engine} database is up to date (${results?.length ?? 0} migration(s) applied)`);
await db.destroy();
