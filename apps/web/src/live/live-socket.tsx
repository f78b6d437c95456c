/**
 * The one live-data controller of the dashboard, mounted once above the phone and desktop layouts so a
 * resize keeps the socket; it renders nothing. While the signed-in user may watch the live feed it
 * runs the registered features for the user's organisation (those the user's permissions allow);
 * users who may see only events run theirs polling, without the feed.
 */
import { useEffect, useRef } from 'react';
import { can } from '@flare/core/permissions/access';
import { timings } from '../config/timings';
import { reportLiveFeedDown } from '../lib/connection';
import { checkSession, getSession, useSession } from '../lib/session';
import type { LiveRegistry } from './live-registry';
import { startLiveTransport, type LiveTransport } from './live-transport';
import { socketUrl } from '../lib/socket-url';
import { subscribedOrganizationOf, useSubscribedOrganization } from '../lib/subscribed-organization';

export const LIVE_FEED_URL_PATH = '/cable';

export function LiveSocket({ registry }: { registry: LiveRegistry }) {
  const profile = useSession()?.profile;
  const permissions = profile?.permissions ?? [];
  // The server lets only users who may view assets subscribe to the feed; users who see only events
  // (Media) get their features polling instead.
  const feedAllowed = can(permissions, 'viewThings');
  const allowed = feedAllowed || can(permissions, 'viewIncidents');
  const organization = useSubscribedOrganization();
  const organizationId = organization?.id;
  const polling = (organization?.is_large_org ?? false) || !feedAllowed;
  const permissionsKey = permissions.join(' ');
  const transport = useRef<LiveTransport | null>(null);

  useEffect(() => {
    // The organisation in effect now; later switches go through setOrganization below.
    const profileNow = getSession()?.profile;
    const startOrganization = profileNow && subscribedOrganizationOf(profileNow).id;
    if (!allowed || !startOrganization) return;
    const { liveBatchMs, liveFirstBackoffMs } = timings();
    const current = startLiveTransport({
      registry,
      organizationId: startOrganization,
      polling,
      permissions: permissionsKey.split(' '),
      feedUrl: socketUrl(LIVE_FEED_URL_PATH),
      token: () => getSession()?.token ?? null,
      // A reconnect attempt is not a connection yet: the feed stays down (and its data as of when it
      // went down) until the subscription is confirmed again.
      onFeedStatus: (status) => {
        if (status !== 'connecting') reportLiveFeedDown(status !== 'open');
      },
      // A suspended user's feed is closed at once; the API then answers 401, which ends the session.
      onUnauthorized: () => void checkSession(),
      batchMs: liveBatchMs,
      firstBackoffMs: liveFirstBackoffMs,
    });
    transport.current = current;
    return () => {
      current.stop();
      transport.current = null;
      reportLiveFeedDown(false);
    };
  }, [registry, allowed, polling, permissionsKey]);

  useEffect(() => {
    if (organizationId) transport.current?.setOrganization(organizationId);
  }, [organizationId]);

  // A feed that gave up tries again as soon as the browser is back online or the page is shown again.
  useEffect(() => {
    const retry = () => {
      if (document.visibilityState === 'visible') transport.current?.retry();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
    };
  }, []);

  return null;
}
