/**
 * The one live-data controller at the root of the dashboard; it renders nothing. While the signed-in
 * user may view assets it keeps the live-things store current for the user's organisation.
 */
import { useEffect, useRef } from 'react';
import { can } from '@flare/core/permissions/access';
import { timings } from '../config/timings';
import { reportLiveFeedDown } from '../lib/connection';
import { getSession, useSession } from '../lib/session';
import { liveThings } from './live-things-store';
import { ThingsSync } from './things-sync';

export const LIVE_FEED_URL_PATH = '/cable';

function feedUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_FEED_URL_PATH}`;
}

export function LiveSocket() {
  const profile = useSession()?.profile;
  const allowed = profile ? can(profile.permissions, 'viewThings') : false;
  const organizationId = profile?.organizationId;
  const polling = profile?.userOrg.is_large_org ?? false;
  const sync = useRef<ThingsSync | null>(null);

  useEffect(() => {
    // The organisation in effect now; later switches go through setOrganization below.
    const startOrganization = getSession()?.profile?.organizationId;
    if (!allowed || !startOrganization) return;
    const { liveFlushMs, thingsPollMs, liveFirstBackoffMs } = timings();
    const current = new ThingsSync({
      organizationId: startOrganization,
      mode: polling ? 'polling' : 'streaming',
      feedUrl: feedUrl(),
      token: () => getSession()?.token ?? null,
      onFeedStatus: (status) => reportLiveFeedDown(status === 'down' || status === 'failed'),
      flushMs: liveFlushMs,
      pollMs: thingsPollMs,
      firstBackoffMs: liveFirstBackoffMs,
    });
    sync.current = current;
    current.start();
    return () => {
      current.stop();
      sync.current = null;
      reportLiveFeedDown(false);
      liveThings.clear();
    };
  }, [allowed, polling]);

  useEffect(() => {
    if (organizationId) sync.current?.setOrganization(organizationId);
  }, [organizationId]);

  return null;
}
