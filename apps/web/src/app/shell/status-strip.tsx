/**
 * The desktop shell's status strip: the date and time in the subscribed organisation's time zone
 * (to the minute), and, for users who may see the asset count, how many assets it has live.
 */
import { Group, Text } from '@mantine/core';
import { can } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import { formatZonedDateTime } from '@flare/core/time/zoned-time';
import { useLiveThings } from '../../features/things/live/live-things-store';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';
import { useNow } from '../../lib/use-now';

const MINUTE_MS = 60_000;

export function StatusStrip({ profile }: { profile: Profile }) {
  const timeZone = (useSubscribedOrganization() ?? profile.userOrg).timezone;
  // The shared clock ticks each second; the strip shows (and so changes) once a minute.
  const minute = Math.floor(useNow() / MINUTE_MS) * MINUTE_MS;
  return (
    <Group
      role="status"
      aria-label="Status"
      justify="space-between"
      px="sm"
      py={2}
      bg="gray.1"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text size="xs" c="gray.8">
        <time dateTime={new Date(minute).toISOString()}>{formatZonedDateTime(minute, timeZone)}</time>
      </Text>
      {can(profile.permissions, 'showAssetCount') && <AssetCount />}
    </Group>
  );
}

function AssetCount() {
  const { items: things, loaded } = useLiveThings();
  return (
    <Text size="xs" c="gray.8">
      Assets: {loaded ? things.size : '…'}
    </Text>
  );
}
