/** Starts Flare: reads the configuration, builds the app, listens, and stops cleanly on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoUsers, DEMO_ORGANIZATIONS } from './seed/demo-data';
import { demoFleet } from './seed/demo-fleet';
import { buildOsmandServer } from './modules/telemetry/osmand-server';
import { FleetSimulator } from './simulator/fleet-simulator';
import { stopServers } from './shutdown';

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
const osmand = await buildOsmandServer(app.ingest, app.log, {
  ipRequestsPerMinute: app.config.ingestIpRequestsPerMinute,
  trustProxy: app.config.trustProxy,
});
let simulator: FleetSimulator | null = null;

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    simulator?.stop();
    stopServers(osmand, app).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
await osmand.listen({ port: config.osmandPort, host: config.host });
const portOf = (server: typeof app.server, fallback: number) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
};
const port = portOf(app.server, config.port);
const osmandPort = portOf(osmand.server, config.osmandPort);
if (config.simulator) {
  const homes = new Map(DEMO_ORGANIZATIONS.map((o) => [o.key, { lat: o.lat, lng: o.lng }]));
  simulator = new FleetSimulator(
    demoFleet()
      .filter((asset) => !asset.silentForHours)
      .map((asset) => ({
        deviceId: asset.deviceId,
        home: homes.get(asset.organization)!,
        group: asset.organization,
        responder: asset.responder,
      })),
    { osmandUrl: `http://127.0.0.1:${osmandPort}`, reportIntervalMs: 5000, log: app.log },
  );
  simulator.start();
}
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [
  '',
  `  Flare ${flare.version} is running (${flare.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  `  Open http://${shownHost}:${port}/`,
  ...(config.apiDocs ? [`  API documentation: http://${shownHost}:${port}/api/docs`] : []),
  `  OsmAnd / Traccar Client ingest: http://${shownHost}:${osmandPort}/${simulator ? ' (the demo fleet simulator is driving it)' : ''}`,
];
if (flare.demoPassword) {
  lines.push('', `  Demo sign-ins (password: ${flare.demoPassword})`);
  for (const user of demoUsers()) lines.push(`    ${user.email.padEnd(36)} ${user.role}`);
}
console.log(lines.join('\n') + '\n');
