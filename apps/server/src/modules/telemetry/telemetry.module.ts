/**
 * Telemetry: the ingest adapters (OsmAnd, the JSON batch API, MQTT, Traccar's forwarding), the one ingest pipeline with its
 * status engine, assets' live states and the status sweep. Other sections feed the status engine by
 * registering a context provider on `app.thingContext`, and call `app.thingStates.reevaluate` when
 * what they know changes. The points' monthly partitions and retention are kept here too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { can } from '@flare/core/permissions/access';
import { principalOf } from '../../platform/auth-hook';
import { apiRoutes } from '../../platform/platform.plugin';
import { ContextRegistry } from './thing-context.service';
import { DeviceDirectory } from './device-directory';
import { DeviceIdentityService } from './device-identity.service';
import { DeviceRateLimit } from './device-rate-limit';
import { fleetScope, IngestPipeline, type IngestScope } from './ingest-pipeline';
import { IngestStats } from './ingest-stats';
import { registerOsmandRoutes } from './osmand.adapter';
import { PointsPartitions } from './points-partitions';
import { pointsPartitionsJob, POINTS_PARTITIONS_INTERVAL_MS } from './points-partitions.job';
import { PointsPartitionsRepository } from './points-partitions.repository';
import { StatusSweep } from './status-sweep';
import { statusSweepJob } from './status-sweep.job';
import { registerTelemetryRoutes, type ManagedOrganizations } from './telemetry.routes';
import { registerTraccarForwardRoutes } from './traccar-forward.adapter';
import { TelemetryRepository } from './telemetry.repository';
import { ThingStatesService } from './thing-states.service';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestPipeline;
    thingStates: ThingStatesService;
    thingContext: ContextRegistry;
    statusSweep: StatusSweep;
    deviceIdentity: DeviceIdentityService;
  }
}

/**
 * What Traccar forwarding over AMQP may report with its routing key: an API key of a user who may edit
 * assets covers the assets that user may edit, as `Authorization` does for HTTP forwarding.
 */
async function forwardingScope(app: FastifyInstance, apiKey: string): Promise<IngestScope | null> {
  const principal = await app.auth.resolveApiKey(apiKey);
  if (!principal || !can(principal.permissions, 'editThing')) return null;
  return fleetScope(await app.accounts.managedOrganizationIds(principal));
}

export const telemetryModule = fp(
  async (app) => {
    const repository = new TelemetryRepository(app.db);
    const directory = new DeviceDirectory(repository);
    // Registrations and edits on any server process reach this one's directory.
    await directory.follow(app.events);
    const contexts = new ContextRegistry(app.log);
    const pipeline = new IngestPipeline({
      repository,
      directory,
      contexts,
      events: app.events,
      stats: new IngestStats(),
      deviceLimit: new DeviceRateLimit(app.config.ingestDeviceRequestsPerMinute),
    });
    const states = new ThingStatesService(repository, directory, contexts, app.events);
    const sweep = new StatusSweep(repository, states);
    app.decorate('ingest', pipeline);
    app.decorate('thingStates', states);
    app.decorate('thingContext', contexts);
    app.decorate('statusSweep', sweep);
    app.decorate('deviceIdentity', new DeviceIdentityService(pipeline));

    const managedOrganizations: ManagedOrganizations = (request) =>
      app.accounts.managedOrganizationIds(principalOf(request));
    await apiRoutes(app, (api) => {
      registerTelemetryRoutes(api, pipeline, managedOrganizations);
      registerTraccarForwardRoutes(api, pipeline, managedOrganizations, app.config.ingestIpRequestsPerMinute);
    });
    await registerOsmandRoutes(app, pipeline, ['/ingest/osmand'], {
      prefix: '/api',
      ipRequestsPerMinute: app.config.ingestIpRequestsPerMinute,
    });

    await app.jobs.work(statusSweepJob, async () => void (await sweep.sweep()));
    if (app.config.statusSweepMs > 0) await app.jobs.every(statusSweepJob, app.config.statusSweepMs);

    const partitions = new PointsPartitions(
      new PointsPartitionsRepository(app.db),
      app.config.pointsRetentionDays,
    );
    await app.jobs.work(pointsPartitionsJob, async () => {
      const maintained = await partitions.maintain();
      if (maintained.created.length + maintained.dropped.length + maintained.deletedFromDefault > 0)
        app.log.info(maintained, 'points partitions maintained');
    });
    await app.jobs.every(pointsPartitionsJob, POINTS_PARTITIONS_INTERVAL_MS);

    // The MQTT and AMQP clients load only where a broker is configured.
    const mqtt = app.config.mqttUrl
      ? await (
          await import('./mqtt.adapter')
        ).startMqttIngest(app.config.mqttUrl, app.config.mqttTopicRoot, pipeline, app.log)
      : null;
    const traccarAmqp = app.config.traccarAmqpUrl
      ? await (
          await import('./traccar-amqp.adapter')
        ).startTraccarAmqpIngest(
          app.config.traccarAmqpUrl,
          app.config.traccarAmqpExchange,
          pipeline,
          (apiKey) => forwardingScope(app, apiKey),
          app.log,
        )
      : null;
    app.addHook('onClose', async () => {
      await mqtt?.endAsync();
      await traccarAmqp?.close();
      await pipeline.drained();
      await contexts.drained();
    });
  },
  { name: 'telemetry', dependencies: ['platform', 'auth', 'accounts'] },
);
