/**
 * Brief, non-blocking notices of the status changes a dispatcher must not miss (an asset turning
 * Responding, On-Scene, Offline or Out-of-Service), naming the asset; clicking one selects it. With
 * the "status sound" preference on, each batch of notices beeps once. Notices pause while hovered or
 * focused and close by themselves after a few seconds; a burst (after a reconnection, say) shows the
 * first few and one line for the rest.
 */
import '@mantine/notifications/styles.css';
import { Text, UnstyledButton } from '@mantine/core';
import {
  cleanNotifications,
  createNotificationsStore,
  hideNotification,
  Notifications,
  showNotification,
} from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { noticedStatus, noticedStatusLabel, type NoticedStatus } from '@flare/core/status/status-notices';
import type { Thing } from '@flare/core/schemas/thing';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { THING_STATUS_COLORS } from '../../../config/thing-status-colors';
import { beep } from '../../../lib/beep';
import { usePref } from '../../../lib/prefs';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { liveThings, type ThingChange } from '../live/live-things-store';

/** How long a notice stays (longer while hovered or focused). */
export const STATUS_NOTICE_MS = 8_000;
/** Notices of one batch shown one by one; past this many, the rest share one line. */
const SEPARATE_NOTICES = 3;

/** The map's controls along the right edge, which desktop notices keep clear of. */
const MAP_CONTROLS_WIDTH = 64;

const store = createNotificationsStore();

interface Notice {
  thing: Thing;
  status: NoticedStatus;
}

export function noticesOf(changes: readonly ThingChange[]): Notice[] {
  return changes.flatMap(({ before, after }) => {
    const status = noticedStatus(before, after);
    return status ? [{ thing: after, status }] : [];
  });
}

export function StatusNotices() {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const respondersType = useSubscribedOrganization()?.responders_type ?? 'none';
  const [sound] = usePref('statusSound');

  const select = (id: string) => {
    // The list's filters stay in the URL, so Back from the detail returns to the same list.
    const keepSearch = pathname.startsWith('/dashboard/things') ? search : '';
    void navigate({ pathname: `/dashboard/things/${id}`, search: keepSearch });
  };

  const show = useEffectEvent((changes: readonly ThingChange[]) => {
    const notices = noticesOf(changes);
    if (notices.length === 0) return;
    const separate = notices.length > SEPARATE_NOTICES ? notices.slice(0, SEPARATE_NOTICES - 1) : notices;
    for (const { thing, status } of separate) {
      const id = `status-${thing.id}-${Date.now()}`;
      const text = `${primaryDisplayName(thing)} is now ${noticedStatusLabel(status, respondersType)}`;
      showNotification(
        {
          id,
          role: 'status',
          color: THING_STATUS_COLORS[status],
          autoClose: STATUS_NOTICE_MS,
          closeButtonProps: { 'aria-label': 'Dismiss' },
          message: (
            <UnstyledButton
              w="100%"
              onClick={() => {
                hideNotification(id, store);
                select(thing.id);
              }}
            >
              <Text size="sm" fw={600} c="dark.9">
                {text}
              </Text>
              <Text size="xs" c="gray.7">
                Select to open the asset
              </Text>
            </UnstyledButton>
          ),
        },
        store,
      );
    }
    const rest = notices.length - separate.length;
    if (rest > 0) {
      showNotification(
        {
          role: 'status',
          autoClose: STATUS_NOTICE_MS,
          closeButtonProps: { 'aria-label': 'Dismiss' },
          message: (
            <Text size="sm" fw={600} c="dark.9">
              {rest} more assets changed status
            </Text>
          ),
        },
        store,
      );
    }
    if (sound) beep();
  });

  useEffect(() => {
    const stop = liveThings.onChanges((changes) => show(changes));
    // Leaving the dashboard (signing out) leaves no notices behind.
    return () => {
      stop();
      cleanNotifications(store);
    };
  }, []);

  // Desktop: bottom right, clear of the map's controls at the right edge; phone: at the top, clear
  // of the bottom nav.
  return isMobile ? (
    <Notifications store={store} position="top-center" />
  ) : (
    <Notifications store={store} position="bottom-right" styles={{ root: { right: MAP_CONTROLS_WIDTH } }} />
  );
}
