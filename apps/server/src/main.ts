/** Starts Flare: reads the configuration, builds the app, listens, and stops cleanly on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoUsers } from './seed/demo-data';

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfigOrExit();
const flare = await buildApp(config);
const { app } = flare;

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  '',
  `  Flare ${flare.version} is running (${flare.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  `  Open http://${shownHost}:${port}/`,
  `  API documentation: http://${shownHost}:${port}/api/docs`,
];
if (flare.demoPassword) {
  lines.push('', `  Demo sign-ins (password: ${flare.demoPassword})`);
  for (const user of demoUsers()) lines.push(`    ${user.email.padEnd(36)} ${user.role}`);
}
console.log(lines.join('\n') + '\n');
