/**
 * Starts Flare in this process: the app and the OsmAnd listener on their ports, and the demo fleet
 * simulator when configured. `npm start` (main.ts) and the browser tests start it the same way.
 */
import { buildApp, type BuildOptions, type FlareApp } from './app';
import type { Config } from './config';
import { buildOsmandServer } from './modules/telemetry/osmand-server';
import { demoUsers, DEMO_ORGANIZATIONS } from './seed/demo-data';
import { demoFleet } from './seed/demo-fleet';
import { stopServers } from './shutdown';
import { FleetSimulator } from './simulator/fleet-simulator';
import { roleLabel } from '@flare/core/labels';

export interface StartedFlare extends FlareApp {
  url: string;
  /** Where Traccar Client (OsmAnd) reports go. */
  osmandUrl: string;
  /** What `npm start` prints: the URLs and the demo sign-ins. */
  banner(): string;
  /** Stops the simulator, then the OsmAnd listener, then the app (stopServers). */
  stop(): Promise<void>;
}

/**
 * Connections the kernel holds for each port until the server accepts them (Node's default is 511).
 * Every dashboard and device reconnects at once after a restart; past the backlog the kernel resets
 * the rest. Linux caps it at net.core.somaxconn (4096 by default).
 */
const LISTEN_BACKLOG = 4096;

export async function startFlare(config: Config, options: BuildOptions = {}): Promise<StartedFlare> {
  const flare = await buildApp(config, options);
  const { app } = flare;
  const osmand = await buildOsmandServer(app.ingest, app.log, {
    ipRequestsPerMinute: app.config.ingestIpRequestsPerMinute,
    trustProxy: app.config.trustProxy,
  });
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  await osmand.listen({ port: config.osmandPort, host: config.host, backlog: LISTEN_BACKLOG });
  const portOf = (server: typeof app.server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${portOf(app.server)}`;
  const osmandUrl = `http://${shownHost}:${portOf(osmand.server)}`;

  let simulator: FleetSimulator | null = null;
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
      { osmandUrl: `http://127.0.0.1:${portOf(osmand.server)}`, reportIntervalMs: 5000, log: app.log },
    );
    simulator.start();
  }

  const banner = () => {
    const lines = [
      '',
      `  Flare ${flare.version} is running (${flare.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
      `  Open ${url}/`,
      ...(config.apiDocs ? [`  API documentation: ${url}/api/docs`] : []),
      `  OsmAnd / Traccar Client ingest: ${osmandUrl}/${simulator ? ' (the demo fleet simulator is driving it)' : ''}`,
    ];
    if (flare.demoPassword) {
      lines.push('', `  Demo sign-ins (password: ${flare.demoPassword})`);
      for (const user of demoUsers()) lines.push(`    ${user.email.padEnd(36)} ${roleLabel(user.role)}`);
    }
    return lines.join('\n') + '\n';
  };

  let stopping: Promise<void> | null = null;
  return {
    ...flare,
    url,
    osmandUrl,
    banner,
    stop() {
      stopping ??= (async () => {
        simulator?.stop();
        await stopServers(osmand, app);
      })();
      return stopping;
    },
  };
}
