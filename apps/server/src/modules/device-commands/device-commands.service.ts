/**
 * Device commands from the asset panel: the R2R test (a test alert, and test mode toggled) and the
 * LED intensity. Each is checked by core's rules, recorded, sent through the device gateway and
 * recorded again with its outcome.
 */
import {
  DEVICE_COMMAND_MESSAGES as M,
  ledBlocker,
  LightIntensitySchema,
  r2rBlocker,
  type DeviceCommand,
  type DeviceCommandName,
  type DeviceReply,
  type LightIntensity,
} from '@flare/core/things/device-commands';
import type { Thing } from '@flare/core/schemas/thing';
import { notFound, unprocessable } from '../../platform/http-errors';
import type { Principal } from '../../platform/auth-hook';
import { CommandTimeout, type CommandGateway } from '../../platform/devices/command-gateway';
import type { ThingsService } from '../things/things.service';
import type { DeviceCommandsRepository } from './device-commands.repository';

export class DeviceCommandsService {
  constructor(
    private readonly repository: DeviceCommandsRepository,
    private readonly things: ThingsService,
    private readonly gateway: CommandGateway,
  ) {}

  /** Sends the R2R test: on the device's yes, test mode flips; the alert delivered or not. */
  async r2rTest(principal: Principal, thingId: string) {
    const thing = await this.visible(principal, thingId);
    const blocked = r2rBlocker(thing, principal.permissions);
    if (blocked) throw unprocessable('not_allowed', blocked);
    const testMode = !thing.test_mode;
    const reply = await this.send(principal, thing, 'r2r_test', { test_mode: testMode }).catch(
      (error: unknown) => {
        throw error instanceof CommandTimeout ? unprocessable('timed_out', M.timedOut) : error;
      },
    );
    if (!reply.ok) throw unprocessable('device_failed', testMode ? M.testModeOnFailed : M.testModeOffFailed);
    await this.things.setTestMode(thingId, testMode);
    const delivered = reply.result?.delivered === true;
    return { message: delivered ? M.alertDelivered : M.alertNotDelivered, test_mode: testMode, delivered };
  }

  async lightIntensity(principal: Principal, thingId: string): Promise<{ light_intensity: LightIntensity }> {
    const thing = await this.visible(principal, thingId);
    const blocked = ledBlocker(thing, principal.permissions);
    if (blocked) throw unprocessable('not_allowed', blocked);
    return this.ledReply(await this.ledCommand(principal, thing, 'get_light_intensity', {}));
  }

  async setLightIntensity(principal: Principal, thingId: string, intensity: LightIntensity) {
    const thing = await this.visible(principal, thingId);
    const blocked = ledBlocker(thing, principal.permissions);
    if (blocked) throw unprocessable('not_allowed', blocked);
    return this.ledReply(
      await this.ledCommand(principal, thing, 'set_light_intensity', { light_intensity: intensity }),
    );
  }

  private async ledCommand(
    principal: Principal,
    thing: Thing,
    command: DeviceCommandName,
    params: Record<string, unknown>,
  ): Promise<DeviceReply> {
    const reply = await this.send(principal, thing, command, params).catch((error: unknown) => {
      throw error instanceof CommandTimeout
        ? unprocessable('timed_out', 'Timed out waiting for the device')
        : error;
    });
    if (!reply.ok) throw unprocessable('device_failed', reply.error ?? M.somethingWrong);
    return reply;
  }

  private ledReply(reply: DeviceReply): { light_intensity: LightIntensity } {
    const reported = reply.result?.light_intensity;
    const parsed = LightIntensitySchema.safeParse({
      light_intensity: typeof reported === 'string' ? reported.toLowerCase() : reported,
    });
    if (!parsed.success) throw unprocessable('device_failed', M.somethingWrong);
    return parsed.data;
  }

  private async visible(principal: Principal, thingId: string): Promise<Thing> {
    if (!(await this.things.maySee(principal, thingId))) throw notFound(M.notFound);
    return this.things.get(principal, thingId);
  }

  /** Records the command, sends it, and records the outcome, whatever it is. */
  private async send(
    principal: Principal,
    thing: Thing,
    command: DeviceCommandName,
    params: Record<string, unknown>,
  ): Promise<DeviceReply> {
    const id = await this.repository.record(
      thing.id,
      command,
      params,
      principal.apiKeyId ? null : principal.userId,
    );
    const message: DeviceCommand = { id, command, params, sent_at: new Date().toISOString() };
    try {
      const reply = await this.gateway.send(thing.haas_id, message);
      await this.repository.complete(id, reply.ok ? 'delivered' : 'failed', {
        ...(reply.error ? { error: reply.error } : {}),
        ...(reply.result ? { result: reply.result } : {}),
      });
      return reply;
    } catch (error) {
      const timedOut = error instanceof CommandTimeout;
      await this.repository.complete(id, timedOut ? 'timed_out' : 'failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }
}
