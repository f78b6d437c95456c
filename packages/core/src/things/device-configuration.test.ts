import { describe, expect, it } from 'vitest';
import {
  buildDeviceConfiguration,
  DEFAULT_DEVICE_CONFIGURATION,
  DEVICE_CONFIGURATION_MESSAGES,
  DEVICE_MODELS,
  DEVICE_PORTS,
  DeviceConfigurationSchema,
  UpdateDeviceConfigurationInputSchema,
} from './device-configuration';

const THING = { id: 'thing-1', systemId: 'SPD-CAR-101' };

describe('device configuration', () => {
  it('knows the integration models and their ports', () => {
    expect(DEVICE_MODELS).toEqual(['IBR1700', 'IBR900', 'IBR600', 'R500', 'R1900', 'R920']);
    expect(DEVICE_PORTS).toEqual(['P1', 'P2', 'E1', 'E2', 'E3', 'E4', 'E5']);
  });

  it('builds the document: heartbeat 2 s, the R2R timing, the model and its ports in port order', () => {
    const document = buildDeviceConfiguration(THING, {
      deviceModel: 'IBR900',
      ports: { E5: 'both', P1: 'output', E1: 'input' },
    });
    expect(document).toEqual({
      thingId: 'thing-1',
      systemId: 'SPD-CAR-101',
      heartbeatInterval: 2,
      r2r: { onPeriod: 1.1, onPulse: 0.2, offPulse: 0.25, offPeriod: 0.5, alertLength: 10 },
      deviceModel: 'IBR900',
      ports: { P1: 'output', E1: 'input', E5: 'both' },
    });
    expect(Object.keys(document.ports)).toEqual(['P1', 'E1', 'E5']);
    expect(DeviceConfigurationSchema.parse(document)).toEqual(document);
  });

  it('gives an asset without a model the defaults and no ports', () => {
    const document = buildDeviceConfiguration(THING, { deviceModel: null, ports: {} });
    expect(document).toMatchObject({ ...DEFAULT_DEVICE_CONFIGURATION, deviceModel: null, ports: {} });
  });

  it('accepts a model with any of its ports as output, input or both', () => {
    const input = { deviceModel: 'R1900', ports: { P2: 'input', E3: 'output', E4: 'both' } };
    expect(UpdateDeviceConfigurationInputSchema.parse(input)).toEqual(input);
    expect(UpdateDeviceConfigurationInputSchema.safeParse({ deviceModel: null, ports: {} }).success).toBe(
      true,
    );
  });

  it.each([
    ['an unknown model', { deviceModel: 'IBR1800', ports: {} }, DEVICE_CONFIGURATION_MESSAGES.unknownModel],
    ['an unknown port', { deviceModel: 'R500', ports: { E6: 'input' } }, 'Unrecognized key: "E6"'],
    ['an unknown direction', { deviceModel: 'R500', ports: { E1: 'sideways' } }, 'Invalid option'],
    [
      'ports without a model',
      { deviceModel: null, ports: { P1: 'output' } },
      DEVICE_CONFIGURATION_MESSAGES.portsWithoutModel,
    ],
  ])('refuses %s, saying why', (_case, input, message) => {
    const result = UpdateDeviceConfigurationInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
