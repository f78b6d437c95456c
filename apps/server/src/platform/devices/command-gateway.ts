/**
 * The device gateway: sends a command to a device and waits for its reply, correlated by the
 * command's id, for at most the timeout. Over MQTT when a broker is configured (commands on
 * `{root}/{deviceId}/commands`, replies on `{root}/{deviceId}/replies`, root MQTT_TOPIC_ROOT), else to the built-in
 * simulator, which answers like a device.
 */
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import {
  DeviceReplySchema,
  LIGHT_INTENSITIES,
  type DeviceCommand,
  type DeviceReply,
} from '@flare/core/things/device-commands';

export class CommandTimeout extends Error {}

export interface CommandGateway {
  /** The device's reply; rejects with CommandTimeout when none comes in time. */
  send(deviceId: string, command: DeviceCommand): Promise<DeviceReply>;
  close(): Promise<void>;
}

/** Replies awaited by command id, each with its timer. */
class PendingReplies {
  private readonly waiting = new Map<string, (reply: DeviceReply) => void>();

  constructor(private readonly timeoutMs: number) {}

  wait(id: string): Promise<DeviceReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new CommandTimeout(`No reply to command ${id} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(reply);
      });
    });
  }

  /** A reply to a command nobody waits for (another server's, or too late) is dropped. */
  settle(reply: DeviceReply): void {
    this.waiting.get(reply.id)?.(reply);
  }
}

export async function mqttCommandGateway(
  url: string,
  topicRoot: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<CommandGateway> {
  const pending = new PendingReplies(timeoutMs);
  // Loaded only where a broker is configured: the simulator gateway needs no MQTT client.
  const { default: mqtt } = await import('mqtt');
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `flare-commands-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 2000,
  });
  // Every server subscribes: the one that sent the command is the one waiting for its id.
  await client.subscribeAsync(`${topicRoot}/+/replies`, { qos: 1 });
  client.on('message', (topic, payload) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      parsed = null;
    }
    const reply = DeviceReplySchema.safeParse(parsed);
    if (reply.success) pending.settle(reply.data);
    else log.warn({ topic }, 'device reply refused: not a reply object');
  });
  client.on('error', (error) => log.error({ err: error }, 'MQTT command connection error'));
  return {
    async send(deviceId, command) {
      const reply = pending.wait(command.id);
      await client.publishAsync(`${topicRoot}/${deviceId}/commands`, JSON.stringify(command), { qos: 1 });
      return reply;
    },
    close: () => client.endAsync(),
  };
}

/** A device's next answer: a refusal, none at all, or (an R2R test) the alert not reaching the indicator. */
export type ForcedOutcome = 'fail' | 'timeout' | 'undelivered';

/**
 * The built-in simulator's devices: each keeps its test mode and LED intensity and answers after a
 * short delay, refusing the configured share of changes. A forced outcome makes a device's next
 * command fail, go unanswered or (an R2R test) not reach the indicator (tests).
 */
export class SimulatedDevices implements CommandGateway {
  private readonly pending: PendingReplies;
  private readonly devices = new Map<string, { lightIntensity: string }>();
  private readonly forced = new Map<string, ForcedOutcome>();

  constructor(
    timeoutMs: number,
    /** The share of changes (R2R tests, LED settings) refused, as real devices now and then do. */
    private readonly failureRate = 0,
    private readonly replyDelayMs = 50,
  ) {
    this.pending = new PendingReplies(timeoutMs);
  }

  force(deviceId: string, outcome: ForcedOutcome): void {
    this.forced.set(deviceId, outcome);
  }

  send(deviceId: string, command: DeviceCommand): Promise<DeviceReply> {
    const reply = this.pending.wait(command.id);
    const refused = command.command !== 'get_light_intensity' && Math.random() < this.failureRate;
    const forced = this.forced.get(deviceId) ?? (refused ? 'fail' : undefined);
    this.forced.delete(deviceId);
    if (forced !== 'timeout') {
      setTimeout(() => this.pending.settle(this.answer(deviceId, command, forced)), this.replyDelayMs);
    }
    return reply;
  }

  private answer(deviceId: string, command: DeviceCommand, forced: ForcedOutcome | undefined): DeviceReply {
    if (forced === 'fail') return { id: command.id, ok: false, error: 'Device refused the command' };
    const device = this.devices.get(deviceId) ?? { lightIntensity: 'medium' };
    this.devices.set(deviceId, device);
    switch (command.command) {
      case 'r2r_test':
        return {
          id: command.id,
          ok: true,
          result: { delivered: forced !== 'undelivered', test_mode: command.params.test_mode },
        };
      case 'get_light_intensity':
        return { id: command.id, ok: true, result: { light_intensity: device.lightIntensity } };
      case 'set_light_intensity': {
        const wanted = command.params.light_intensity;
        if (typeof wanted !== 'string' || !(LIGHT_INTENSITIES as readonly string[]).includes(wanted))
          return { id: command.id, ok: false, error: 'Unknown light intensity' };
        device.lightIntensity = wanted;
        return { id: command.id, ok: true, result: { light_intensity: wanted } };
      }
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
