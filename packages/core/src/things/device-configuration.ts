/**
 * An asset's device configuration: the integration device model its equipment is wired to, how each
 * of the model's ports is used, and the document the device is set up from (heartbeat interval and
 * the R2R indicator's flash timing, both in seconds).
 */
import { z } from 'zod';

export const DEVICE_MODELS = ['IBR1700', 'IBR900', 'IBR600', 'R500', 'R1900', 'R920'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

/** Every model has the same ports. */
export const DEVICE_PORTS = ['P1', 'P2', 'E1', 'E2', 'E3', 'E4', 'E5'] as const;
export type DevicePort = (typeof DEVICE_PORTS)[number];

export const PORT_DIRECTIONS = ['output', 'input', 'both'] as const;
export type PortDirection = (typeof PORT_DIRECTIONS)[number];

export const PORT_DIRECTION_LABELS: Record<PortDirection, string> = {
  output: 'Output',
  input: 'Input',
  both: 'Input and output',
};

/**
 * Seconds. The heartbeat must come well within the 30 s after which an asset shows as stale
 * (status/thing-status.ts), and the R2R values are the indicator's pulse lengths.
 */
export const DEFAULT_DEVICE_CONFIGURATION = {
  heartbeatInterval: 2,
  r2r: { onPeriod: 1.1, onPulse: 0.2, offPulse: 0.25, offPeriod: 0.5, alertLength: 10 },
} as const;

export const DEVICE_CONFIGURATION_MESSAGES = {
  unknownModel: `Device model must be one of ${DEVICE_MODELS.join(', ')}`,
  portsWithoutModel: 'Choose a device model before setting its ports',
} as const;

/** The ports in use, each with its direction; a port left out is not used. */
export const DevicePortsSchema = z.partialRecord(z.enum(DEVICE_PORTS), z.enum(PORT_DIRECTIONS));
export type DevicePorts = z.infer<typeof DevicePortsSchema>;

/** PUT /things/{id}/configuration: the asset's device model and ports (ports need a model). */
export const UpdateDeviceConfigurationInputSchema = z
  .object({
    deviceModel: z.enum(DEVICE_MODELS, DEVICE_CONFIGURATION_MESSAGES.unknownModel).nullable(),
    ports: DevicePortsSchema,
  })
  .refine((input) => input.deviceModel !== null || Object.keys(input.ports).length === 0, {
    path: ['ports'],
    message: DEVICE_CONFIGURATION_MESSAGES.portsWithoutModel,
  });
export type DeviceSettings = z.infer<typeof UpdateDeviceConfigurationInputSchema>;

const Seconds = z.number().positive();

/** The configuration document of an asset (GET /things/{id}/configuration, and the downloaded file). */
export const DeviceConfigurationSchema = z.object({
  thingId: z.string(),
  systemId: z.string(),
  heartbeatInterval: Seconds,
  r2r: z.object({
    onPeriod: Seconds,
    onPulse: Seconds,
    offPulse: Seconds,
    offPeriod: Seconds,
    alertLength: Seconds,
  }),
  deviceModel: z.enum(DEVICE_MODELS).nullable(),
  ports: DevicePortsSchema,
});
export type DeviceConfiguration = z.infer<typeof DeviceConfigurationSchema>;

/** The document for an asset: the defaults, its model, and its ports in the model's order. */
export function buildDeviceConfiguration(
  thing: { id: string; systemId: string },
  settings: DeviceSettings,
): DeviceConfiguration {
  const ports: DevicePorts = {};
  for (const port of DEVICE_PORTS) {
    const direction = settings.ports[port];
    if (direction) ports[port] = direction;
  }
  return {
    thingId: thing.id,
    systemId: thing.systemId,
    heartbeatInterval: DEFAULT_DEVICE_CONFIGURATION.heartbeatInterval,
    r2r: { ...DEFAULT_DEVICE_CONFIGURATION.r2r },
    deviceModel: settings.deviceModel,
    ports,
  };
}
