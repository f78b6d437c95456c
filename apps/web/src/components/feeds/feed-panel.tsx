/**
 * One of the organisation's feeds for navigation apps: off, or on since when with its URLs to copy at
 * any time; turning it on, making a new URL (asked first: the current one stops working for every app
 * that reads it) and turning it off.
 */
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FEED_FORMAT_LABELS, FEED_TITLES, type FeedFormat, type FeedKind } from '@flare/core/schemas/feeds';
import { MESSAGES } from '@flare/core/messages';
import { CopyValueButton } from '../ui/copy-value-button';
import { LoadingIndicator } from '../ui/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { formatWhen } from '../../lib/format-time';
import { useFeed, useRenewFeed, useTurnFeedOff } from '../../lib/api/feeds';

const PURPOSE: Record<FeedKind, string> = {
  incidents:
    'Your active incidents in the Waze for Cities (CIFS) format, so drivers approaching them are warned. Give a URL to Waze or any app that reads CIFS.',
  work_zones:
    'Your published closures and work-zone devices in the WZDx 4.2 format read by navigation apps and connected vehicles. Give a URL to the apps and State DOT feeds that read WZDx.',
};

const failure = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.unknownFailure);

function FeedUrl({ format, url }: { format: string; url: string }) {
  const label = `${FEED_FORMAT_LABELS[format as FeedFormat] ?? format} URL`;
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={url} readOnly style={{ flex: 1 }} />
      <CopyValueButton value={url} label={`Copy the ${label}`} />
    </Group>
  );
}

/** `headed`: with its title as a heading, where the dialog holds more than this feed. */
export function FeedPanel({ kind, opened, headed }: { kind: FeedKind; opened: boolean; headed: boolean }) {
  const feed = useFeed(kind, opened);
  const renew = useRenewFeed(kind);
  const turnOff = useTurnFeedOff(kind);
  const [confirming, setConfirming] = useState(false);
  const on = feed.data?.created_at ?? null;
  const title = FEED_TITLES[kind];
  const makeNew = () => renew.mutate(undefined, { onSettled: () => setConfirming(false) });

  return (
    <Stack gap="xs" component="section" aria-label={title}>
      {headed && (
        <Title order={2} size="h5">
          {title}
        </Title>
      )}
      <Text size="sm">{PURPOSE[kind]} The URLs need no sign-in: share them only with those apps.</Text>
      {feed.isPending ? (
        <LoadingIndicator label={`Loading the ${title}`} />
      ) : feed.isError ? (
        <Alert color="red.9">{failure(feed.error)}</Alert>
      ) : (
        <Text size="sm" fw={500}>
          {on ? `On since ${formatWhen(on)}` : 'Off'}
        </Text>
      )}
      {feed.data?.urls.map(({ format, url }) => (
        <FeedUrl key={format} format={format} url={url} />
      ))}
      {on && feed.data?.urls.length === 0 && (
        <Text size="sm">
          This feed&apos;s URL was made before Flare kept URLs to show again. It still works; make a new URL
          to see one here (the current one then stops working).
        </Text>
      )}
      {(renew.isError || turnOff.isError) && (
        <Alert color="red.9">{failure(renew.error ?? turnOff.error)}</Alert>
      )}
      {confirming ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            The current URL stops working for every app that reads it. Make a new one?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red.9" loading={renew.isPending} onClick={makeNew}>
              Make a new URL
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="flex-end">
          {on && (
            <Button variant="default" loading={turnOff.isPending} onClick={() => turnOff.mutate()}>
              Turn off
            </Button>
          )}
          <Button
            variant={on ? 'default' : 'filled'}
            loading={renew.isPending}
            disabled={feed.isPending || feed.isError}
            onClick={on ? () => setConfirming(true) : makeNew}
          >
            {on ? 'Make a new URL' : 'Turn on'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
