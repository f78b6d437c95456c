/**
 * An organisation's public feeds for navigation apps, each at a URL holding a secret of its own:
 * its active incidents in Waze for Cities' CIFS format (JSON and XML), and its published closures and
 * work-zone devices in WZDx 4.2. Whoever manages the feed sees and copies its URLs at any time; a new
 * URL is made only when asked for (the old one then stops working).
 */
import { z } from 'zod';
import type { Access } from '../permissions/access';

export const FEED_KINDS = ['incidents', 'work_zones'] as const;
export const FeedKindSchema = z.enum(FEED_KINDS);
export type FeedKind = z.infer<typeof FeedKindSchema>;

export const FEED_FORMATS = {
  incidents: ['waze_json', 'waze_xml'],
  work_zones: ['wzdx', 'wzdx_devices'],
} as const satisfies Record<FeedKind, readonly string[]>;
export type FeedFormat = (typeof FEED_FORMATS)[FeedKind][number];

/** Who may see, copy, renew and turn off each feed: whoever manages incidents, and closures. */
export const FEED_ACCESS: Record<FeedKind, Access> = {
  incidents: 'manageIncidentFeed',
  work_zones: 'manageWorkZoneFeed',
};

export const FEED_TITLES: Record<FeedKind, string> = {
  incidents: 'Incident feed (Waze)',
  work_zones: 'Work-zone feed (WZDx)',
};

export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  waze_json: 'Waze for Cities (CIFS) JSON',
  waze_xml: 'Waze for Cities (CIFS) XML',
  wzdx: 'WZDx work zones',
  wzdx_devices: 'WZDx work-zone devices',
};

export const FeedUrlSchema = z.object({ format: z.string(), url: z.string() });

export const FeedSchema = z.object({
  kind: FeedKindSchema,
  /** When the current URL was made; null while the feed is off. */
  created_at: z.string().nullable(),
  /** The feed's URLs, one per format; empty while it is off or when its URL was made before URLs were kept. */
  urls: z.array(FeedUrlSchema),
});
export type Feed = z.infer<typeof FeedSchema>;
