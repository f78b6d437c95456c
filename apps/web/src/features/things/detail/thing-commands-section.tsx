/**
 * The panel's device commands, for assets with command hardware or R2R: Send R2R Test, the R2R Test
 * Mode switch (both send the R2R test, which toggles test mode), and the LED intensity with Update LED.
 * Core's rules disable what may not be sent, the reason shown under the controls (a disabled control
 * takes no focus, so a tooltip would reach mouse users only); results clear after 10 s (R2R) or 4 s (LED).
 */
import { Button, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { Thing } from '@flare/core/schemas/thing';
import {
  COMMAND_MESSAGE_MS,
  DEVICE_COMMAND_MESSAGES as M,
  LIGHT_INTENSITIES,
  ledBlocker,
  ledResultMessage,
  r2rBlocker,
  type LightIntensity,
} from '@flare/core/things/device-commands';
import { ApiError } from '../../../lib/api-client';
import { useLightIntensity, useSetLightIntensity } from '../api/light-intensity';
import { useSendR2rTest } from '../api/send-r2r-test';

/** Dark green: Mantine's green shades are under 4.5:1 on white as text. */
const SUCCESS_TEXT = '#1e6b30';

/** A message that clears itself after `ms`. */
function useFleetingMessage(ms: number) {
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage] as const;
}

/** Why the controls above are off, under them; the controls name it as their description. */
function BlockedReason({ id, reason }: { id: string; reason: string | null }) {
  return reason ? (
    <Text id={id} size="xs" c="gray.7">
      {reason}
    </Text>
  ) : null;
}

const failureText = (error: unknown) =>
  error instanceof ApiError ? (error.status === 0 ? M.connectionFailed : error.message) : M.unknownFailure;

export function ThingCommandsSection({
  thing,
  permissions,
}: {
  thing: Thing;
  permissions: readonly string[];
}) {
  if (thing.hardware === null && !thing.features.r2r) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Device commands">
      <Title order={2} size="h5">
        Device
      </Title>
      <R2rControls thing={thing} blocked={r2rBlocker(thing, permissions)} />
      <LedControls thing={thing} blocked={ledBlocker(thing, permissions)} />
    </Stack>
  );
}

function R2rControls({ thing, blocked }: { thing: Thing; blocked: string | null }) {
  const send = useSendR2rTest(thing.id);
  const [message, setMessage] = useFleetingMessage(COMMAND_MESSAGE_MS.r2r);
  const reasonId = useId();
  const described = blocked ? reasonId : undefined;
  const run = (fromSwitch: boolean) =>
    send.mutate(undefined, {
      onSuccess: (result) =>
        setMessage({
          text: fromSwitch && result.test_mode ? M.testModeOn : result.message,
          ok: result.delivered,
        }),
      onError: (error) => setMessage({ text: failureText(error), ok: false }),
    });
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <Button
          size="xs"
          disabled={blocked !== null}
          aria-describedby={described}
          loading={send.isPending}
          onClick={() => run(false)}
        >
          Send R2R Test
        </Button>
        <Switch
          label="R2R Test Mode"
          checked={thing.test_mode}
          disabled={blocked !== null || send.isPending}
          aria-describedby={described}
          onChange={() => run(true)}
        />
      </Group>
      <BlockedReason id={reasonId} reason={blocked} />
      {thing.test_mode && !message && (
        <Text size="sm" c="gray.7">
          {M.goAlerting}
        </Text>
      )}
      {message && (
        <Text size="sm" role="status" c={message.ok ? SUCCESS_TEXT : 'red.9'}>
          {message.text}
        </Text>
      )}
    </Stack>
  );
}

function LedControls({ thing, blocked }: { thing: Thing; blocked: string | null }) {
  const current = useLightIntensity(thing.id, blocked === null);
  const update = useSetLightIntensity(thing.id);
  const [selected, setSelected] = useState<LightIntensity | null>(null);
  const [message, setMessage] = useFleetingMessage(COMMAND_MESSAGE_MS.led);
  const reasonId = useId();
  const described = blocked ? reasonId : undefined;
  const shown = selected ?? current.data ?? null;
  const apply = () => {
    if (!selected) return;
    update.mutate(selected, {
      onSuccess: () => setMessage({ text: ledResultMessage(null), ok: true }),
      onError: (error) =>
        setMessage({
          text: error instanceof ApiError ? ledResultMessage(error.status, error.message) : M.unknownFailure,
          ok: false,
        }),
      // HA5 devices show their own intensity again: the selection resets to what the device holds.
      onSettled: () => {
        if (thing.hardware === 'ha5') setSelected(null);
      },
    });
  };
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          label="LED intensity"
          data={LIGHT_INTENSITIES.map((value) => ({
            value,
            label: value[0]?.toUpperCase() + value.slice(1),
          }))}
          value={shown}
          onChange={(value) => setSelected(value)}
          disabled={blocked !== null}
          aria-describedby={described}
          allowDeselect={false}
          w={130}
        />
        <Button
          size="xs"
          variant="light"
          disabled={blocked !== null || !selected || selected === current.data}
          aria-describedby={described}
          loading={update.isPending}
          onClick={apply}
        >
          Update LED
        </Button>
      </Group>
      <BlockedReason id={reasonId} reason={blocked} />
      {message && (
        <Text size="sm" role="status" c={message.ok ? SUCCESS_TEXT : 'red.9'}>
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
