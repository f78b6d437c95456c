/**
 * Commands to an asset's device: the R2R test (sends a test alert and toggles test mode) and the LED
 * intensity; who may send them to which asset, the messages, and the wire format of commands and
 * replies that the devices (and the built-in simulator) speak.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { holdsAny } from '../permissions/permissions';
import { STATUS_CODE, fromServerStatus, type ServerStatus } from '../status/thing-status';

/** The hardware that takes commands: R2R only on these. */
export const HARDWARE_MODELS = ['ha5', 'ha7'] as const;
export type HardwareModel = (typeof HARDWARE_MODELS)[number];

export const LIGHT_INTENSITIES = ['low', 'medium', 'high'] as const;
export type LightIntensity = (typeof LIGHT_INTENSITIES)[number];

export const DEVICE_COMMAND_MESSAGES = {
  alertDelivered: 'Alert Delivered',
  alertNotDelivered: 'Alert Not Delivered',
  testModeOnFailed: 'Unable to activate Test Mode',
  testModeOffFailed: 'Unable to deactivate Test Mode',
  testModeOn: 'Please activate emergency lights to send a test alert to your R2R indicator',
  goAlerting: 'Go into Alerting Mode',
  notAuthorized: 'Not authorized',
  hardware: 'R2R testing available only for HA5 and HA7 devices',
  invalidStatus: 'Invalid asset status',
  r2rNotEnabled: 'R2R not enabled',
  updated: 'Update was successful',
  timedOut: 'Request timed out',
  somethingWrong: 'Something went wrong',
  connectionFailed: 'Connection failed',
  notFound: 'Asset not found',
  unknownFailure: MESSAGES.unknownFailure,
} as const;

/** How long the result line stays: R2R 10 s, LED 4 s. */
export const COMMAND_MESSAGE_MS = { r2r: 10_000, led: 4_000 } as const;
/** How long the server waits for a device's reply. */
export const DEVICE_COMMAND_TIMEOUT_MS = 10_000;

/** What the rules read of an asset. */
export interface CommandSubject {
  hardware: HardwareModel | null;
  features: { r2r: boolean };
  is_responder: boolean;
  status: ServerStatus;
}

/**
 * Why the R2R test (and test mode) may not be sent, or null: HA5 or HA7 hardware, the invoke-R2R
 * permission, R2R enabled on a responder (R2R-type) asset, and standby or stationary (not on a run,
 * and checked in within the standby window).
 */
export function r2rBlocker(thing: CommandSubject, permissions: readonly string[]): string | null {
  if (thing.hardware === null) return DEVICE_COMMAND_MESSAGES.hardware;
  if (!holdsAny(permissions, ['thing:invoke_r2r'])) return DEVICE_COMMAND_MESSAGES.notAuthorized;
  if (!thing.features.r2r || !thing.is_responder) return DEVICE_COMMAND_MESSAGES.r2rNotEnabled;
  if (thing.status !== 'standby' && thing.status !== 'stationary')
    return DEVICE_COMMAND_MESSAGES.invalidStatus;
  return null;
}

/**
 * Why the LED intensity may not be changed, or null: command hardware, the light-intensity permission,
 * and a status at or below stationary in the status order (on scene, responding, standby or
 * stationary: the device checked in within the standby window, so it is there to answer).
 */
export function ledBlocker(thing: CommandSubject, permissions: readonly string[]): string | null {
  if (thing.hardware === null) return DEVICE_COMMAND_MESSAGES.hardware;
  if (!holdsAny(permissions, ['thing:ha5_light_intensity_change']))
    return DEVICE_COMMAND_MESSAGES.notAuthorized;
  if (STATUS_CODE[fromServerStatus(thing.status)] > STATUS_CODE.stationary)
    return DEVICE_COMMAND_MESSAGES.invalidStatus;
  return null;
}

/** The LED result line for an answer: success, or by the failure's HTTP status and message. */
export function ledResultMessage(status: number | null, message = ''): string {
  if (status === null) return DEVICE_COMMAND_MESSAGES.updated;
  if (status === 0) return DEVICE_COMMAND_MESSAGES.connectionFailed;
  if (status === 404) return DEVICE_COMMAND_MESSAGES.notFound;
  if (status === 422)
    return message.includes('Timed')
      ? DEVICE_COMMAND_MESSAGES.timedOut
      : DEVICE_COMMAND_MESSAGES.somethingWrong;
  return DEVICE_COMMAND_MESSAGES.unknownFailure;
}

export const DEVICE_COMMANDS = ['r2r_test', 'get_light_intensity', 'set_light_intensity'] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

/** A command as devices get it, on `things/{deviceId}/commands`. */
export const DeviceCommandSchema = z.object({
  id: z.string(),
  command: z.enum(DEVICE_COMMANDS),
  /** r2r_test: { test_mode }, the mode to switch to; set_light_intensity: { light_intensity }. */
  params: z.record(z.string(), z.unknown()),
  sent_at: z.string(),
});
export type DeviceCommand = z.infer<typeof DeviceCommandSchema>;

/** A device's reply, on `things/{deviceId}/replies`, with the command's id. */
export const DeviceReplySchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  /** Why not, in the device's words. */
  error: z.string().optional(),
  /** get_light_intensity: { light_intensity }; r2r_test: { delivered, test_mode }. */
  result: z.record(z.string(), z.unknown()).optional(),
});
export type DeviceReply = z.infer<typeof DeviceReplySchema>;

export const LightIntensitySchema = z.object({ light_intensity: z.enum(LIGHT_INTENSITIES) });
export const R2rResultSchema = z.object({
  message: z.string(),
  test_mode: z.boolean(),
  delivered: z.boolean(),
});
