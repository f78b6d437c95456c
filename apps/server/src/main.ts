/** Starts Flare: reads the configuration, starts it, and stops it cleanly on SIGTERM/SIGINT. */
import { ConfigError, loadConfig, type Config } from './config';
import { startFlare } from './start';

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

const flare = await startFlare(loadConfigOrExit());
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    flare.app.log.info({ signal }, 'shutting down');
    flare.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        flare.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
console.log(flare.banner());
