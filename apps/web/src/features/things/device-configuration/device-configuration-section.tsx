/**
 * "Device configuration" on the asset detail panel, for those who administer assets: the integration
 * device model, how each of its ports is used (ports need a model), and the configuration download.
 */
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import type { Thing } from '@flare/core/schemas/thing';
import {
  DEVICE_MODELS,
  DEVICE_PORTS,
  PORT_DIRECTION_LABELS,
  PORT_DIRECTIONS,
  UpdateDeviceConfigurationInputSchema,
  type DeviceConfiguration,
  type DevicePorts,
  type DeviceSettings,
} from '@flare/core/things/device-configuration';
import { ServerErrorLine } from '../../../components/ui/form-layout';
import { ApiError } from '../../../lib/api-client';
import { useDeviceConfiguration, useSetDeviceConfiguration } from '../api/device-configuration';
import { DownloadConfigurationButton } from './download-configuration-button';

const MODEL_OPTIONS = [
  { value: '', label: 'None' },
  ...DEVICE_MODELS.map((model) => ({ value: model, label: model })),
];
const DIRECTION_OPTIONS = [
  { value: '', label: 'Not used' },
  ...PORT_DIRECTIONS.map((direction) => ({ value: direction, label: PORT_DIRECTION_LABELS[direction] })),
];
const SAVED = 'Device configuration saved';

export function DeviceConfigurationSection({ thing }: { thing: Thing }) {
  const configuration = useDeviceConfiguration(thing.id);
  // Seen through another organisation's access: not the caller's to configure.
  if (configuration.error instanceof ApiError && configuration.error.status === 422) return null;
  return (
    <Stack gap="xs" aria-labelledby="device-configuration-title" component="section">
      <Title order={2} size="h6" id="device-configuration-title">
        Device configuration
      </Title>
      {configuration.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : configuration.isError ? (
        <ServerErrorLine message={failure(configuration.error)} />
      ) : (
        <ConfigurationForm thing={thing} saved={configuration.data} />
      )}
    </Stack>
  );
}

const failure = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.unknownFailure);

function ConfigurationForm({ thing, saved }: { thing: Thing; saved: DeviceConfiguration }) {
  const save = useSetDeviceConfiguration(thing.id);
  const [settings, setSettings] = useState<DeviceSettings>({
    deviceModel: saved.deviceModel,
    ports: saved.ports,
  });
  const [done, setDone] = useState(false);
  const changed =
    settings.deviceModel !== saved.deviceModel ||
    DEVICE_PORTS.some((port) => settings.ports[port] !== saved.ports[port]);
  const change = (next: DeviceSettings) => {
    setDone(false);
    setSettings(next);
  };

  const submit = () => {
    const input = UpdateDeviceConfigurationInputSchema.parse(settings);
    save.mutate(input, { onSuccess: () => setDone(true) });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <NativeSelect
          label="Device model"
          data={MODEL_OPTIONS}
          value={settings.deviceModel ?? ''}
          onChange={(event) => {
            const model = event.currentTarget.value as DeviceSettings['deviceModel'] | '';
            // Ports belong to a model: none chosen, none used.
            change(model ? { ...settings, deviceModel: model } : { deviceModel: null, ports: {} });
          }}
        />
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" verticalSpacing={4}>
          {DEVICE_PORTS.map((port) => (
            <NativeSelect
              key={port}
              label={`Port ${port}`}
              size="xs"
              data={DIRECTION_OPTIONS}
              disabled={settings.deviceModel === null}
              value={settings.ports[port] ?? ''}
              onChange={(event) => {
                const direction = event.currentTarget.value as DevicePorts[typeof port] | '';
                const ports = { ...settings.ports };
                if (direction) ports[port] = direction;
                else delete ports[port];
                change({ ...settings, ports });
              }}
            />
          ))}
        </SimpleGrid>
        <ServerErrorLine message={save.isError ? failure(save.error) : null} />
        {done && !changed && (
          <Text size="sm" role="status">
            {SAVED}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" disabled={!changed} loading={save.isPending}>
            Save configuration
          </Button>
          <DownloadConfigurationButton thing={thing} />
        </Group>
      </Stack>
    </form>
  );
}
