/** Device commands (R2R test, LED intensity) through the device gateway: MQTT when configured, else the simulator. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import {
  mqttCommandGateway,
  SimulatedDevices,
  type CommandGateway,
} from '../../platform/devices/command-gateway';
import { DeviceCommandsRepository } from './device-commands.repository';
import { registerDeviceCommandsRoutes } from './device-commands.routes';
import { DeviceCommandsService } from './device-commands.service';

declare module 'fastify' {
  interface FastifyInstance {
    deviceCommands: DeviceCommandsService;
    /** The gateway commands go through (the simulator's, to force failures, when no MQTT_URL). */
    deviceGateway: CommandGateway;
  }
}

export const deviceCommandsModule = fp(
  async (app) => {
    const { mqttUrl, mqttTopicRoot, deviceCommandTimeoutMs, deviceSimulatorFailureRate } = app.config;
    const gateway = mqttUrl
      ? await mqttCommandGateway(mqttUrl, mqttTopicRoot, deviceCommandTimeoutMs, app.log)
      : new SimulatedDevices(deviceCommandTimeoutMs, deviceSimulatorFailureRate);
    app.addHook('onClose', () => gateway.close());
    const service = new DeviceCommandsService(new DeviceCommandsRepository(app.db), app.things, gateway);
    app.decorate('deviceCommands', service);
    app.decorate('deviceGateway', gateway);
    await apiRoutes(app, (api) => registerDeviceCommandsRoutes(api, service));
  },
  { name: 'device-commands', dependencies: ['platform', 'things'] },
);
