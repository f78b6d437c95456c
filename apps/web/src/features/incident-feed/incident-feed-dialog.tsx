/**
 * The organisation's feeds for navigation apps (incidents for Waze for Cities; published closures and
 * work-zone devices in WZDx): turn them on, make new URLs (the old ones stop working) or turn them
 * off. The URLs hold one secret and are shown only when made.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import type { NewIncidentFeedSchema } from '@flare/core/schemas/location';
import { CopyValueButton } from '../../components/ui/copy-value-button';
import { ApiError } from '../../lib/api-client';
import { useIncidentFeed, useNewIncidentFeedUrl, useTurnIncidentFeedOff } from './incident-feed-api';
import { formatWhen } from '../../lib/format-time';

function FeedUrl({ label, url }: { label: string; url: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={url} readOnly style={{ flex: 1 }} />
      <CopyValueButton value={url} label={`Copy the ${label}`} />
    </Group>
  );
}

const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Unknown failure.');

export function IncidentFeedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feed = useIncidentFeed(opened);
  const newUrl = useNewIncidentFeedUrl();
  const turnOff = useTurnIncidentFeedOff();
  const [made, setMade] = useState<z.infer<typeof NewIncidentFeedSchema> | null>(null);
  const on = feed.data?.created_at ?? null;
  const close = () => {
    setMade(null);
    newUrl.reset();
    turnOff.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Incident feed for navigation apps"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Publishes your organisation&apos;s active incidents in the Waze for Cities (CIFS) format, so drivers
          approaching them are warned. Give the feed&apos;s URL to Waze (or any app that reads CIFS); it needs
          no sign-in, so keep it private. The same secret publishes your published closures and work-zone
          devices in the WZDx 4.2 format read by navigation apps and connected vehicles.
        </Text>
        {feed.isPending ? (
          <Text size="sm">Loading...</Text>
        ) : feed.isError ? (
          <Alert color="red.9">{failure(feed.error)}</Alert>
        ) : (
          <Text size="sm" fw={500}>
            {on ? `On since ${formatWhen(on)}` : 'Off'}
          </Text>
        )}
        {made && (
          <Stack gap="xs">
            <Alert color="yellow.9" title="Copy the URL now">
              It is shown only this once. Making a new URL ends this one.
            </Alert>
            <FeedUrl label="JSON feed URL" url={made.json_url} />
            <FeedUrl label="XML feed URL" url={made.xml_url} />
            <FeedUrl label="Work zones (WZDx) feed URL" url={made.wzdx_url} />
            <FeedUrl label="Work-zone devices (WZDx) feed URL" url={made.wzdx_devices_url} />
          </Stack>
        )}
        {(newUrl.isError || turnOff.isError) && (
          <Alert color="red.9">{failure(newUrl.error ?? turnOff.error)}</Alert>
        )}
        <Group justify="flex-end">
          {on && (
            <Button
              variant="default"
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate(undefined, { onSuccess: () => setMade(null) })}
            >
              Turn off
            </Button>
          )}
          <Button
            loading={newUrl.isPending}
            disabled={feed.isPending || feed.isError}
            onClick={() => newUrl.mutate(undefined, { onSuccess: setMade })}
          >
            {on ? 'Make a new URL' : 'Turn on'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
