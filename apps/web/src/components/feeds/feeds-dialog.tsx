/**
 * The organisation's feeds for navigation apps that the user may manage: from the account menu (all
 * of them), from Closures (work zones) and from Incidents (Waze).
 */
import { Button, Divider, Modal, Stack } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { can } from '@flare/core/permissions/access';
import { FEED_ACCESS, FEED_KINDS, FEED_TITLES, type FeedKind } from '@flare/core/schemas/feeds';
import { useSession } from '../../lib/session';
import { FeedPanel } from './feed-panel';

export const FEEDS_MENU_LABEL = 'Feeds for navigation apps';

/** The feeds, of those asked for, that the signed-in user may manage. */
export function useManagedFeeds(kinds: readonly FeedKind[] = FEED_KINDS): FeedKind[] {
  const permissions = useSession()?.profile?.permissions ?? [];
  return kinds.filter((kind) => can(permissions, FEED_ACCESS[kind]));
}

export function FeedsDialog({
  kinds,
  opened,
  onClose,
}: {
  kinds: readonly FeedKind[];
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kinds.length === 1 ? FEED_TITLES[kinds[0]!] : FEEDS_MENU_LABEL}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {kinds.map((kind, index) => (
          <Fragment key={kind}>
            {index > 0 && <Divider />}
            <FeedPanel kind={kind} opened={opened} headed={kinds.length > 1} />
          </Fragment>
        ))}
      </Stack>
    </Modal>
  );
}

/** A section's button to its feed, for those who may manage it. */
export function FeedButton({ kind, label }: { kind: FeedKind; label: string }) {
  const [opened, setOpened] = useState(false);
  if (useManagedFeeds([kind]).length === 0) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconRss size={16} />} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <FeedsDialog kinds={[kind]} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
